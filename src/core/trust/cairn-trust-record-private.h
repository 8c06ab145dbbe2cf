/* cairn-trust-record-private.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* cairn-trust-record.c: the config file's object, or "damaged" */
JsonNode *_cairn_trust_record_parse (const char  *text,
                                     gsize        length,
                                     GError     **error);

/* cairn-trust-record-write.c: infinities as null, as the CLI writes them */
void      _cairn_trust_record_make_finite (JsonNode *node);

G_END_DECLS
