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
 * be listed, revoked, and given again to a restarted CLI. Only the CLI
 * matches it against calls. */
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

/* The CLI's spelling of a rule value: "Tool" or "Tool(content)", with
 * `\`, `(` and `)` in the content escaped as the CLI unescapes them. */
static char *
rule_string (JsonObject *rule)
{
  const char *tool = cairn_json_get_string (rule, "toolName");
  const char *content = cairn_json_get_string (rule, "ruleContent");
  GString *text;

  if (tool == NULL || *tool == '\0')
    return NULL;
  if (content == NULL || *content == '\0')
    return g_strdup (tool);
  text = g_string_new (tool);
  g_string_append_c (text, '(');
  for (const char *c = content; *c != '\0'; c++)
    {
      if (*c == '\\' || *c == '(' || *c == ')')
        g_string_append_c (text, '\\');
      g_string_append_c (text, *c);
    }
  g_string_append_c (text, ')');
  return g_string_free (text, FALSE);
}

/**
 * cairn_allow_rule_add_cli_rules:
 * @rules: where to add each rule in the CLI's syntax ("Bash(make check:*)")
 *
 * A restarted CLI gets the session's rules back this way (as
 * `--allowedTools`) and matches them itself: Cairn never decides that a
 * rule covers a call.
 */
void
cairn_allow_rule_add_cli_rules (CairnAllowRule *self,
                                GStrvBuilder   *rules)
{
  JsonArray *array;

  g_return_if_fail (CAIRN_IS_ALLOW_RULE (self));

  array = cairn_json_get_array (self->update, "rules");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *text = rule_string (cairn_json_array_get_object (array, i));
      if (text != NULL)
        g_strv_builder_add (rules, text);
    }
}
