/* cairn-permission-request.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-permission-request"

#include "config.h"

#include <glib/gi18n.h>

#include "cairn-enums.h"
#include "protocol/cairn-json.h"
#include "approvals/cairn-permission-request.h"
#include "protocol/cairn-tool-summary.h"

/* One `can_use_tool` the CLI is waiting on (docs/protocol.md, "Control
 * requests from the CLI"): what the tool would do, put so a person can
 * judge it, and the ready-made "always" options the CLI suggests. Answers are sent by the session, once. */
struct _CairnPermissionRequest
{
  GObject               parent_instance;
  JsonObject           *request;
  char                 *request_id;
  char                 *cwd;
  CairnPermissionKind   kind;
  CairnPermissionState  state;
  CairnToolSummary      summary;
  gboolean              outside_project;
};

G_DEFINE_FINAL_TYPE (CairnPermissionRequest, cairn_permission_request, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

/* Tools that change something. In plan mode Cairn refuses these itself:
 * the CLI runs a write the client allows (docs/protocol.md, "Permissions"). */
static const char *write_tools[] = { "Write", "Edit", "MultiEdit", "NotebookEdit", "Bash", NULL };

static JsonObject *
request_fields (CairnPermissionRequest *self)
{
  return cairn_json_get_object (self->request, "request");
}

static gboolean
is_inside (const char *path,
           const char *dir)
{
  gsize len = strlen (dir);

  return g_str_has_prefix (path, dir) && (path[len] == '\0' || path[len] == '/');
}

static gboolean
touches_outside (CairnPermissionRequest *self)
{
  JsonObject *input = cairn_permission_request_get_input (self);
  const char *candidates[] = {
    cairn_json_get_string (input, "file_path"), cairn_json_get_string (input, "notebook_path"),
    cairn_json_get_string (input, "path"), cairn_permission_request_get_blocked_path (self),
  };

  if (g_strcmp0 (cairn_json_get_string (request_fields (self), "decision_reason_type"), "workingDir") == 0)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (candidates[i] != NULL && g_path_is_absolute (candidates[i]) && !is_inside (candidates[i], self->cwd))
      return TRUE;
  return FALSE;
}

static void
cairn_permission_request_finalize (GObject *object)
{
  CairnPermissionRequest *self = (CairnPermissionRequest *)object;

  g_clear_pointer (&self->request, json_object_unref);
  g_clear_pointer (&self->request_id, g_free);
  g_clear_pointer (&self->cwd, g_free);
  cairn_tool_summary_clear (&self->summary);

  G_OBJECT_CLASS (cairn_permission_request_parent_class)->finalize (object);
}

static void
cairn_permission_request_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  CairnPermissionRequest *self = CAIRN_PERMISSION_REQUEST (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_permission_request_class_init (CairnPermissionRequestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cairn_permission_request_finalize;
  object_class->get_property = cairn_permission_request_get_property;

  properties [PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, CAIRN_TYPE_PERMISSION_STATE, CAIRN_PERMISSION_PENDING,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_permission_request_init (CairnPermissionRequest *self)
{
}

static CairnPermissionKind
kind_for_tool (const char *name)
{
  if (g_strcmp0 (name, "ExitPlanMode") == 0)
    return CAIRN_PERMISSION_KIND_PLAN;
  if (g_strcmp0 (name, "AskUserQuestion") == 0)
    return CAIRN_PERMISSION_KIND_QUESTION;
  return CAIRN_PERMISSION_KIND_TOOL;
}

/**
 * cairn_permission_request_new:
 * @control_request: the whole `control_request` line (subtype can_use_tool)
 * @cwd: the project folder, to tell paths outside it
 */
CairnPermissionRequest *
cairn_permission_request_new (JsonObject *control_request,
                              const char *cwd)
{
  CairnPermissionRequest *self;

  g_return_val_if_fail (control_request != NULL, NULL);

  self = g_object_new (CAIRN_TYPE_PERMISSION_REQUEST, NULL);
  self->request = json_object_ref (control_request);
  self->request_id = g_strdup (cairn_json_get_string (control_request, "request_id"));
  self->cwd = g_strdup (cwd ? cwd : "/");
  self->kind = kind_for_tool (cairn_permission_request_get_tool_name (self));
  cairn_tool_summarize_input (cairn_permission_request_get_tool_name (self),
                              cairn_permission_request_get_input (self), cwd, &self->summary);
  self->outside_project = touches_outside (self);
  return self;
}

const char *
cairn_permission_request_get_request_id (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return self->request_id;
}

const char *
cairn_permission_request_get_tool_use_id (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return cairn_json_get_string (request_fields (self), "tool_use_id");
}

const char *
cairn_permission_request_get_tool_name (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return cairn_json_get_string (request_fields (self), "tool_name");
}

CairnPermissionKind
cairn_permission_request_get_kind (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), CAIRN_PERMISSION_KIND_TOOL);
  return self->kind;
}

CairnPermissionState
cairn_permission_request_get_state (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), CAIRN_PERMISSION_PENDING);
  return self->state;
}

void
cairn_permission_request_set_state (CairnPermissionRequest *self,
                                    CairnPermissionState    state)
{
  g_return_if_fail (CAIRN_IS_PERMISSION_REQUEST (self));

  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* The input exactly as the CLI sent it: an allow echoes it back. */
JsonObject *
cairn_permission_request_get_input (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return cairn_json_get_object (request_fields (self), "input");
}

const char *
cairn_permission_request_get_title (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return self->summary.title;
}

const char *
cairn_permission_request_get_subtitle (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return self->summary.subtitle;
}

/* The whole input as readable JSON. */
const char *
cairn_permission_request_get_details (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return self->summary.input_text;
}

const char *
cairn_permission_request_get_diff (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return self->summary.diff;
}

const char *
cairn_permission_request_get_reason (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return cairn_json_get_string (request_fields (self), "decision_reason");
}

const char *
cairn_permission_request_get_blocked_path (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return cairn_json_get_string (request_fields (self), "blocked_path");
}

gboolean
cairn_permission_request_get_outside_project (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), FALSE);
  return self->outside_project;
}

const char *
cairn_permission_request_get_plan (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return cairn_json_get_string (cairn_permission_request_get_input (self), "plan");
}

static JsonArray *
suggestions (CairnPermissionRequest *self)
{
  return cairn_json_get_array (request_fields (self), "permission_suggestions");
}

guint
cairn_permission_request_get_n_suggestions (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), 0);
  return suggestions (self) ? json_array_get_length (suggestions (self)) : 0;
}

JsonObject *
cairn_permission_request_get_suggestion (CairnPermissionRequest *self,
                                         guint                   index)
{
  JsonNode *node;

  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  g_return_val_if_fail (index < cairn_permission_request_get_n_suggestions (self), NULL);

  node = json_array_get_element (suggestions (self), index);
  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* "Bash: npm test", "Read: /etc/…", or just "Write". */
static char *
describe_rules (JsonArray *rules)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; rules != NULL && i < json_array_get_length (rules); i++)
    {
      JsonObject *rule = cairn_json_array_get_object (rules, i);
      const char *content = cairn_json_get_string (rule, "ruleContent");
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, cairn_json_get_string (rule, "toolName") ?: "?");
      if (content != NULL)
        g_string_append_printf (text, ": %s", g_str_has_prefix (content, "//") ? content + 1 : content);
    }
  return g_string_free (text, FALSE);
}

/* A setMode suggestion's button: the CLI's word for a mode it may add. */
static char *
label_for_mode (const char *mode)
{
  CairnPermissionMode value;

  if (!cairn_permission_mode_from_nick (mode, &value))
    return g_strdup_printf (_("Switch to mode “%s”"), mode ? mode : "?");
  switch (value)
    {
    case CAIRN_PERMISSION_MODE_ACCEPT_EDITS:
      return g_strdup (_("Allow all edits this session"));
    case CAIRN_PERMISSION_MODE_BYPASS:
      return g_strdup (_("Allow everything this session"));
    case CAIRN_PERMISSION_MODE_PLAN:
      return g_strdup (_("Switch to plan mode"));
    case CAIRN_PERMISSION_MODE_DEFAULT:
    case CAIRN_PERMISSION_MODE_DONT_ASK:
    default:
      return g_strdup_printf (_("Switch to mode “%s”"), mode);
    }
}

static char *
label_for_place (const char *destination,
                 const char *what)
{
  if (g_strcmp0 (destination, "session") == 0)
    return g_strdup_printf (_("Always allow %s this session"), what);
  if (g_strcmp0 (destination, "userSettings") == 0)
    return g_strdup_printf (_("Always allow %s in all projects"), what);
  return g_strdup_printf (_("Always allow %s in this project"), what);
}

/**
 * cairn_permission_request_dup_suggestion_label:
 *
 * A plain-words button label for one of the CLI's permission_suggestions.
 */
char *
cairn_permission_request_dup_suggestion_label (CairnPermissionRequest *self,
                                               guint                   index)
{
  JsonObject *suggestion = cairn_permission_request_get_suggestion (self, index);
  const char *type = cairn_json_get_string (suggestion, "type");
  const char *destination = cairn_json_get_string (suggestion, "destination");
  g_autofree char *what = NULL;

  if (g_strcmp0 (type, "setMode") == 0)
    return label_for_mode (cairn_json_get_string (suggestion, "mode"));
  if (g_strcmp0 (type, "addRules") == 0)
    what = describe_rules (cairn_json_get_array (suggestion, "rules"));
  else if (g_strcmp0 (type, "addDirectories") == 0)
    {
      JsonArray *dirs = cairn_json_get_array (suggestion, "directories");
      g_autofree char *dir = g_strdup (dirs && json_array_get_length (dirs) > 0
                                         ? cairn_json_array_get_string (dirs, 0) : "?");
      return g_strcmp0 (destination, "session") == 0
        ? g_strdup_printf (_("Allow access to %s this session"), dir)
        : g_strdup_printf (_("Allow access to %s in this project"), dir);
    }
  else
    return g_strdup_printf (_("Apply “%s”"), type ? type : "?");
  return label_for_place (destination, what);
}

/**
 * cairn_permission_request_dup_session_rule:
 *
 * The permission update for "Always allow this session": the CLI's own
 * session rule when it suggested one, else a rule for the whole tool.
 */
JsonObject *
cairn_permission_request_dup_session_rule (CairnPermissionRequest *self)
{
  guint n = cairn_permission_request_get_n_suggestions (self);
  JsonObject *rule;
  JsonObject *tool;
  JsonArray *rules;

  for (guint i = 0; i < n; i++)
    {
      JsonObject *suggestion = cairn_permission_request_get_suggestion (self, i);
      if (g_strcmp0 (cairn_json_get_string (suggestion, "type"), "addRules") == 0 &&
          g_strcmp0 (cairn_json_get_string (suggestion, "destination"), "session") == 0)
        return json_object_ref (suggestion);
    }
  rule = json_object_new ();
  tool = json_object_new ();
  rules = json_array_new ();
  json_object_set_string_member (tool, "toolName", cairn_permission_request_get_tool_name (self));
  json_array_add_object_element (rules, tool);
  json_object_set_string_member (rule, "type", "addRules");
  json_object_set_array_member (rule, "rules", rules);
  json_object_set_string_member (rule, "behavior", "allow");
  json_object_set_string_member (rule, "destination", "session");
  return rule;
}

gboolean
cairn_permission_request_is_write (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), FALSE);
  return g_strv_contains (write_tools, cairn_permission_request_get_tool_name (self) ?: "");
}

static void
question_option_free (CairnQuestionOption *option)
{
  g_free (option->label);
  g_free (option->description);
  g_free (option);
}

void
cairn_question_free (CairnQuestion *question)
{
  g_free (question->header);
  g_free (question->text);
  g_clear_pointer (&question->options, g_ptr_array_unref);
  g_free (question);
}

static CairnQuestion *
question_from (JsonObject *spec)
{
  CairnQuestion *question = g_new0 (CairnQuestion, 1);
  JsonArray *options = cairn_json_get_array (spec, "options");

  question->header = g_strdup (cairn_json_get_string (spec, "header") ?: "");
  question->text = g_strdup (cairn_json_get_string (spec, "question") ?: "");
  question->multi_select = cairn_json_get_bool (spec, "multiSelect", FALSE);
  question->options = g_ptr_array_new_with_free_func ((GDestroyNotify)question_option_free);
  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    {
      JsonObject *entry = cairn_json_array_get_object (options, i);
      CairnQuestionOption *option;

      if (entry == NULL)
        continue;   /* not an option: the CLI's input is not trusted */
      option = g_new0 (CairnQuestionOption, 1);
      option->label = g_strdup (cairn_json_get_string (entry, "label") ?: "");
      option->description = g_strdup (cairn_json_get_string (entry, "description") ?: "");
      g_ptr_array_add (question->options, option);
    }
  return question;
}

/**
 * cairn_permission_request_dup_questions:
 *
 * AskUserQuestion's questions (docs/protocol.md, "Plan mode, ExitPlanMode
 * and AskUserQuestion"); entries that are not objects are left out.
 *
 * Returns: (transfer full): a #GPtrArray of #CairnQuestion, empty for
 *   another request
 */
GPtrArray *
cairn_permission_request_dup_questions (CairnPermissionRequest *self)
{
  JsonArray *specs;
  GPtrArray *questions;

  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);

  specs = cairn_json_get_array (cairn_permission_request_get_input (self), "questions");
  questions = g_ptr_array_new_with_free_func ((GDestroyNotify)cairn_question_free);
  for (guint i = 0; specs != NULL && i < json_array_get_length (specs); i++)
    if (cairn_json_array_get_object (specs, i) != NULL)
      g_ptr_array_add (questions, question_from (cairn_json_array_get_object (specs, i)));
  return questions;
}

/* The shell command a Bash request would run, or NULL for another tool. */
const char *
cairn_permission_request_get_command (CairnPermissionRequest *self)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);
  return cairn_json_get_string (cairn_permission_request_get_input (self), "command");
}
