/* cairn-json-parse.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "protocol/cairn-json.h"

G_BEGIN_DECLS

typedef enum
{
  CAIRN_JSON_PARSE_OK,
  CAIRN_JSON_PARSE_NOT_OBJECT,    /* not one object: empty, an array, or more after it */
  CAIRN_JSON_PARSE_TOO_DEEP,
  CAIRN_JSON_PARSE_INVALID_UTF8,
  CAIRN_JSON_PARSE_SYNTAX,
} CairnJsonParseError;

JsonNode *cairn_json_parse_object (const char          *text,
                                   gsize                length,
                                   guint                max_depth,
                                   CairnJsonParseError *error,
                                   gsize               *error_offset);

JsonObject *cairn_json_parse_line (const char *line,
                                  gsize       length);

G_END_DECLS
