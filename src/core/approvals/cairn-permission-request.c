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

/* Whether @text has a `*` that is no escaped `\*`: the CLI's wildcard. */
static gboolean
has_wildcard (const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    if (*c == '\\' && c[1] != '\0')
      c++;
    else if (*c == '*')
      return TRUE;
  return FALSE;
}

/* A Bash rule's content in the CLI's grammar: "cmd" (exactly that
 * command), "prefix:*" (the legacy prefix form) and "prefix *" (a space
 * wildcard: the prefix alone or followed by arguments); any other `*`
 * matches any text. docs/protocol.md, "Session rules". */
static char *
describe_bash (const char *content)
{
  g_autofree char *prefix = NULL;

  if (content == NULL || g_str_equal (content, "*"))
    return g_strdup (_("Every Bash Command"));
  if (g_str_has_suffix (content, ":*"))
    prefix = g_strndup (content, strlen (content) - 2);
  else if (g_str_has_suffix (content, " *"))
    prefix = g_strndup (content, strlen (content) - 2);
  if (prefix != NULL && !has_wildcard (prefix))
    return g_strdup_printf (_("Commands Starting With “%s”"), prefix);
  if (has_wildcard (content))
    return g_strdup_printf (_("Commands Matching “%s”"), content);
  return g_strdup_printf (_("the Command “%s”"), content);
}

/* File tools' contents are path globs; "//" starts an absolute path. */
static char *
describe_rule (JsonObject *rule)
{
  const char *tool = cairn_json_get_string (rule, "toolName") ?: "?";
  const char *content = cairn_json_get_string (rule, "ruleContent");
  const char *path = content && g_str_has_prefix (content, "//") ? content + 1 : content;

  if (g_str_equal (tool, "Bash"))
    return describe_bash (content);
  if (content == NULL || g_str_equal (content, "*"))
    return g_strdup_printf (_("Every Use of %s"), tool);
  if (g_str_equal (tool, "Read"))
    return g_strdup_printf (_("Reading Files Matching “%s”"), path);
  if (g_strv_contains ((const char * const[]) { "Edit", "Write", "MultiEdit", "NotebookEdit", NULL }, tool))
    return g_strdup_printf (_("Edits to Files Matching “%s”"), path);
  return g_strdup_printf (_("%s Matching “%s”"), tool, content);
}

static char *
describe_rules (JsonArray *rules)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; rules != NULL && i < json_array_get_length (rules); i++)
    {
      g_autofree char *one = describe_rule (cairn_json_array_get_object (rules, i));
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, one);
    }
  if (text->len == 0)
    g_string_append (text, "?");
  return g_string_free (text, FALSE);
}

/* Where a rule is kept (the CLI's destinations). */
static const char *
describe_place (const char *destination)
{
  if (g_strcmp0 (destination, "session") == 0 || g_strcmp0 (destination, "cliArg") == 0)
    return _("This Session");
  if (g_strcmp0 (destination, "localSettings") == 0)
    return _("This Project");
  if (g_strcmp0 (destination, "projectSettings") == 0)
    return _("This Project, Shared");
  if (g_strcmp0 (destination, "userSettings") == 0)
    return _("All Projects");
  return destination ? destination : "?";
}

/* A setMode suggestion's button: the CLI's word for a mode it may add. */
static char *
label_for_mode (const char *mode,
                const char *place)
{
  CairnPermissionMode value;

  if (!cairn_permission_mode_from_nick (mode, &value))
    return g_strdup_printf (_("Switch to Mode “%s” (%s)"), mode ? mode : "?", place);
  switch (value)
    {
    case CAIRN_PERMISSION_MODE_ACCEPT_EDITS:
      return g_strdup_printf (_("Allow All Edits (%s)"), place);
    case CAIRN_PERMISSION_MODE_BYPASS:
      return g_strdup_printf (_("Allow Everything (%s)"), place);
    case CAIRN_PERMISSION_MODE_PLAN:
      return g_strdup_printf (_("Switch to Plan Mode (%s)"), place);
    case CAIRN_PERMISSION_MODE_DEFAULT:
    case CAIRN_PERMISSION_MODE_DONT_ASK:
    default:
      return g_strdup_printf (_("Switch to Mode “%s” (%s)"), mode, place);
    }
}

static char *
label_for_directories (JsonArray  *dirs,
                       const char *place)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; dirs != NULL && i < json_array_get_length (dirs); i++)
    g_string_append_printf (text, "%s“%s”", text->len > 0 ? ", " : "",
                            cairn_json_array_get_string (dirs, i) ?: "?");
  return g_strdup_printf (_("Allow Access to %s (%s)"), text->len > 0 ? text->str : "?", place);
}

/* The words of an update's button: what it allows and where it is kept. */
static char *
label_for_update (JsonObject *update)
{
  const char *type = cairn_json_get_string (update, "type");
  const char *place = describe_place (cairn_json_get_string (update, "destination"));
  g_autofree char *what = NULL;

  if (g_strcmp0 (type, "setMode") == 0)
    return label_for_mode (cairn_json_get_string (update, "mode"), place);
  if (g_strcmp0 (type, "addDirectories") == 0)
    return label_for_directories (cairn_json_get_array (update, "directories"), place);
  if (g_strcmp0 (type, "addRules") != 0 ||
      g_strcmp0 (cairn_json_get_string (update, "behavior") ?: "allow", "allow") != 0)
    return g_strdup_printf (_("Apply “%s” (%s)"), type ? type : "?", place);
  what = describe_rules (cairn_json_get_array (update, "rules"));
  return g_strdup_printf (_("Always Allow %s (%s)"), what, place);
}

/**
 * cairn_permission_request_dup_suggestion_label:
 *
 * A plain-words button label for one of the CLI's permission_suggestions:
 * exactly what it allows ("Commands Starting With “make check”", "Every
 * Bash Command", each directory) and where it is kept.
 */
char *
cairn_permission_request_dup_suggestion_label (CairnPermissionRequest *self,
                                               guint                   index)
{
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);

  return label_for_update (cairn_permission_request_get_suggestion (self, index));
}

static JsonObject *
whole_tool_rule (CairnPermissionRequest *self)
{
  JsonObject *update = json_object_new ();
  JsonObject *tool = json_object_new ();
  JsonArray *rules = json_array_new ();

  json_object_set_string_member (tool, "toolName", cairn_permission_request_get_tool_name (self));
  json_array_add_object_element (rules, tool);
  json_object_set_string_member (update, "type", "addRules");
  json_object_set_array_member (update, "rules", rules);
  json_object_set_string_member (update, "behavior", "allow");
  json_object_set_string_member (update, "destination", "session");
  return update;
}

/* The CLI's allow-rule suggestion for this call, kept for the session
 * rather than where the CLI proposed (a settings file). */
static JsonObject *
suggested_rule_for_session (JsonObject *suggestion)
{
  JsonObject *update = json_object_new ();
  JsonArray *rules = cairn_json_get_array (suggestion, "rules");

  /* a new object: json_node_copy() would share the CLI's */
  json_object_set_string_member (update, "type", "addRules");
  json_object_set_array_member (update, "rules", json_array_ref (rules));
  json_object_set_string_member (update, "behavior", "allow");
  json_object_set_string_member (update, "destination", "session");
  return update;
}

static gboolean
is_allow_rules (JsonObject *suggestion)
{
  JsonArray *rules = cairn_json_get_array (suggestion, "rules");

  return g_strcmp0 (cairn_json_get_string (suggestion, "type"), "addRules") == 0 &&
         g_strcmp0 (cairn_json_get_string (suggestion, "behavior") ?: "allow", "allow") == 0 &&
         rules != NULL && json_array_get_length (rules) > 0;
}

/**
 * cairn_permission_request_dup_session_rule:
 *
 * The permission update for "Always allow this session": the rule the
 * CLI suggested for this call (its session one, or another one kept for
 * the session instead), so the CLI matches it with its own grammar; the
 * whole tool only when the CLI suggested no rule, and then the label
 * says "every".
 */
JsonObject *
cairn_permission_request_dup_session_rule (CairnPermissionRequest *self)
{
  guint n = cairn_permission_request_get_n_suggestions (self);

  for (guint i = 0; i < n; i++)
    {
      JsonObject *suggestion = cairn_permission_request_get_suggestion (self, i);
      if (is_allow_rules (suggestion) &&
          g_strcmp0 (cairn_json_get_string (suggestion, "destination"), "session") == 0)
        return json_object_ref (suggestion);
    }
  for (guint i = 0; i < n; i++)
    if (is_allow_rules (cairn_permission_request_get_suggestion (self, i)))
      return suggested_rule_for_session (cairn_permission_request_get_suggestion (self, i));
  return whole_tool_rule (self);
}

/* The "always allow this session" button's words. */
char *
cairn_permission_request_dup_session_rule_label (CairnPermissionRequest *self)
{
  g_autoptr(JsonObject) update = NULL;

  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);

  update = cairn_permission_request_dup_session_rule (self);
  return label_for_update (update);
}

/* Whether suggestion @index is what "always allow this session" sends
 * already (a second button would say the same). */
gboolean
cairn_permission_request_suggestion_is_session_rule (CairnPermissionRequest *self,
                                                     guint                   index)
{
  g_autofree char *label = NULL;
  g_autofree char *session_label = NULL;

  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), FALSE);

  label = cairn_permission_request_dup_suggestion_label (self, index);
  session_label = cairn_permission_request_dup_session_rule_label (self);
  return g_str_equal (label, session_label);
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

/* What a notification may say in full: more and it is no longer read in
 * a glance (and servers cut it), so it only offers the dialog. */
#define NOTIFY_BODY_CHARS 240
#define NOTIFY_BODY_LINES 4

/* The whole thing the tool acts on: the command, the file, the address. */
static const char *
acted_on (CairnPermissionRequest *self)
{
  JsonObject *input = cairn_permission_request_get_input (self);
  const char *keys[] = { "command", "file_path", "notebook_path", "path", "url", "pattern" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (cairn_json_get_string (input, keys[i]) != NULL)
      return cairn_json_get_string (input, keys[i]);
  return NULL;
}

static guint
count_lines (const char *text)
{
  guint n = 1;

  for (const char *c = text; *c != '\0'; c++)
    n += *c == '\n';
  return n;
}

/**
 * cairn_permission_request_dup_notification_body:
 *
 * The body of a notification that can allow this request from outside
 * the window: the tool, the whole command or file it acts on, and the
 * warning when it reaches outside the project.
 *
 * Returns: (nullable): the body, or %NULL when it would not fit a
 *   notification (a long command): then the notification only opens the
 *   dialog
 */
char *
cairn_permission_request_dup_notification_body (CairnPermissionRequest *self)
{
  const char *what;
  GString *body;

  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (self), NULL);

  what = acted_on (self);
  if (what == NULL)
    return NULL;
  body = g_string_new (NULL);
  g_string_append_printf (body, _("%s: %s"), cairn_permission_request_get_tool_name (self), what);
  if (self->outside_project)
    g_string_append_printf (body, "\n%s", _("⚠ This reaches outside the project folder."));
  if (g_utf8_strlen (body->str, -1) > NOTIFY_BODY_CHARS || count_lines (body->str) > NOTIFY_BODY_LINES)
    {
      g_string_free (body, TRUE);
      return NULL;
    }
  return g_string_free (body, FALSE);
}
