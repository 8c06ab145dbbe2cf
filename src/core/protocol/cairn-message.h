/* cairn-message.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "cairn-types.h"
#include "protocol/cairn-json.h"

G_BEGIN_DECLS

typedef enum
{
  CAIRN_MESSAGE_INVALID,
  CAIRN_MESSAGE_SYSTEM,
  CAIRN_MESSAGE_ASSISTANT,
  CAIRN_MESSAGE_USER,
  CAIRN_MESSAGE_RESULT,
  CAIRN_MESSAGE_STREAM_EVENT,
  CAIRN_MESSAGE_CONTROL_REQUEST,
  CAIRN_MESSAGE_CONTROL_RESPONSE,
  CAIRN_MESSAGE_CONTROL_CANCEL_REQUEST,
  CAIRN_MESSAGE_RATE_LIMIT_EVENT,     /* CLI 2.1.330 adds these (docs/protocol-changes.md) */
  CAIRN_MESSAGE_COMMAND_LIFECYCLE,
  CAIRN_MESSAGE_CONVERSATION_RESET,
  CAIRN_MESSAGE_UNKNOWN,
} CairnMessageKind;

/* Deeper lines are refused unparsed (json-glib would recurse that deep);
 * the CLI's own lines nest about ten levels. */
#define CAIRN_MESSAGE_MAX_DEPTH CAIRN_JSON_MAX_DEPTH

/* cairn_message_new_take_line() cuts the strings of longer lines. */
#define CAIRN_MESSAGE_SHORTEN_ABOVE (4 * 1024 * 1024)
#define CAIRN_MESSAGE_STRING_KEPT   (64 * 1024)

#define CAIRN_TYPE_MESSAGE (cairn_message_get_type())

G_DECLARE_FINAL_TYPE (CairnMessage, cairn_message, CAIRN, MESSAGE, GObject)

CairnMessage     *cairn_message_new_from_line   (const char   *line,
                                                 gsize         length);
CairnMessage     *cairn_message_new_take_line   (char         *line,
                                                 gsize         length);
gsize             cairn_message_get_original_size (CairnMessage *self);
CairnMessageKind  cairn_message_get_kind        (CairnMessage *self);
GBytes           *cairn_message_get_raw         (CairnMessage *self);
char             *cairn_message_dup_display_text (CairnMessage *self,
                                                  gsize         max_bytes);
JsonObject       *cairn_message_get_object      (CairnMessage *self);
const char       *cairn_message_get_type_name   (CairnMessage *self);
const char       *cairn_message_get_subtype     (CairnMessage *self);
const char       *cairn_message_get_parse_error (CairnMessage *self);

G_END_DECLS
