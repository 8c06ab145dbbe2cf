/* cairn-allow-rule.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_ALLOW_RULE (cairn_allow_rule_get_type())

G_DECLARE_FINAL_TYPE (CairnAllowRule, cairn_allow_rule, CAIRN, ALLOW_RULE, GObject)

CairnAllowRule *cairn_allow_rule_new        (JsonObject     *update,
                                             const char     *label);
const char     *cairn_allow_rule_get_label  (CairnAllowRule *self);
JsonObject     *cairn_allow_rule_get_update (CairnAllowRule *self);
void            cairn_allow_rule_add_cli_rules (CairnAllowRule *self,
                                                GStrvBuilder   *rules);

G_END_DECLS
