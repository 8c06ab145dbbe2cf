/* cairn-allow-rule.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-allow-rule"

#include "config.h"

#include "approvals/cairn-allow-rule.h"
#include "protocol/cairn-json.h"

/* An "always allow this session" the user chose: the permission update
 * sent to the CLI (addRules, destination session), kept by Cairn so it can
 * be listed, revoked, and given again to a restarted CLI. */
struct _CairnAllowRule
{
  GObject     parent_instance;
  JsonObject *update;
  char       *label;
};

G_DEFINE_FINAL_TYPE (CairnAllowRule, cairn_allow_rule, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LABEL,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
cairn_allow_rule_finalize (GObject *object)
{
  CairnAllowRule *self = (CairnAllowRule *)object;

  g_clear_pointer (&self->update, json_object_unref);
  g_clear_pointer (&self->label, g_free);

  G_OBJECT_CLASS (cairn_allow_rule_parent_class)->finalize (object);
}

static void
cairn_allow_rule_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CairnAllowRule *self = CAIRN_ALLOW_RULE (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_allow_rule_class_init (CairnAllowRuleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cairn_allow_rule_finalize;
  object_class->get_property = cairn_allow_rule_get_property;

  properties [PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL, (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_allow_rule_init (CairnAllowRule *self)
{
}

CairnAllowRule *
cairn_allow_rule_new (JsonObject *update,
                      const char *label)
{
  CairnAllowRule *self;

  g_return_val_if_fail (update != NULL, NULL);

  self = g_object_new (CAIRN_TYPE_ALLOW_RULE, NULL);
  self->update = json_object_ref (update);
  self->label = g_strdup (label);
  return self;
}

const char *
cairn_allow_rule_get_label (CairnAllowRule *self)
{
  g_return_val_if_fail (CAIRN_IS_ALLOW_RULE (self), NULL);
  return self->label;
}

JsonObject *
cairn_allow_rule_get_update (CairnAllowRule *self)
{
  g_return_val_if_fail (CAIRN_IS_ALLOW_RULE (self), NULL);
  return self->update;
}

static gboolean
rule_matches (JsonObject *rule,
              const char *tool_name,
              JsonObject *input)
{
  const char *content = cairn_json_get_string (rule, "ruleContent");
  const char *command = cairn_json_get_string (input, "command");

  if (g_strcmp0 (cairn_json_get_string (rule, "toolName"), tool_name) != 0)
    return FALSE;
  if (content == NULL)
    return TRUE;
  /* Only Bash contents are compared here ("cmd" or "prefix:*"); for other
   * contents (path globs) Cairn asks rather than guess. */
  if (command == NULL)
    return FALSE;
  if (g_str_has_suffix (content, ":*"))
    return strncmp (command, content, strlen (content) - 2) == 0;
  return g_str_equal (command, content);
}

/**
 * cairn_allow_rule_matches:
 *
 * Whether a restarted CLI's request is covered by this rule, so Cairn can
 * allow it (and hand the rule to the new process) without asking again.
 */
gboolean
cairn_allow_rule_matches (CairnAllowRule *self,
                          const char     *tool_name,
                          JsonObject     *input)
{
  JsonArray *rules;

  g_return_val_if_fail (CAIRN_IS_ALLOW_RULE (self), FALSE);

  rules = cairn_json_get_array (self->update, "rules");
  for (guint i = 0; rules != NULL && i < json_array_get_length (rules); i++)
    if (rule_matches (cairn_json_array_get_object (rules, i), tool_name, input))
      return TRUE;
  return FALSE;
}
