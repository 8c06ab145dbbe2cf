/* cairn-trust-json.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

char *cairn_trust_json_stringify (JsonNode *node);

G_END_DECLS
