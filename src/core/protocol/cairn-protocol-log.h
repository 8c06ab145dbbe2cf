/* cairn-protocol-log.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_PROTOCOL_LOG (cairn_protocol_log_get_type())

G_DECLARE_FINAL_TYPE (CairnProtocolLog, cairn_protocol_log, CAIRN, PROTOCOL_LOG, GObject)

typedef enum
{
  CAIRN_PROTOCOL_LOG_IN,
  CAIRN_PROTOCOL_LOG_OUT,
  CAIRN_PROTOCOL_LOG_ITEMS,
} CairnProtocolLogStream;

CairnProtocolLog *cairn_protocol_log_new    (const char             *dir,
                                             GError                **error);
void              cairn_protocol_log_write  (CairnProtocolLog       *self,
                                             CairnProtocolLogStream  stream,
                                             const char             *line,
                                             gssize                  length);
const char       *cairn_protocol_log_get_prefix (CairnProtocolLog   *self);

G_END_DECLS
