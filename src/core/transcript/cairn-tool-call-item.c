/* cairn-tool-call-item.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-tool-call-item"

#include "config.h"

#include "cairn-enums.h"
#include "protocol/cairn-json.h"
#include "transcript/cairn-todo.h"
#include "transcript/cairn-tool-call-item.h"
#include "protocol/cairn-tool-summary.h"
#include "protocol/cairn-util.h"

/* One tool call, from the first streamed byte of its input to its result.
 * It goes running → done / error (or "not run" when the turn ended without
 * a result). A subagent's own messages are collected in `children`. */
struct _CairnToolCallItem
{
  CairnItem         parent_instance;

  char             *tool_use_id;
  const char       *name;   /* interned */
  const char       *cwd;    /* interned */
  GString          *partial_input;
  JsonObject       *input;
  CairnToolSummary  summary;
  CairnToolOutcome  outcome;
  CairnToolStatus   status;
  gint64            started;
  gint64            duration_ms;
  guint             lines_added;
  guint             lines_removed;
  CairnTranscript  *children;
  /* the approval the CLI is waiting for, shown on the card */
  CairnPermissionRequest *approval;
  gboolean          refused;
};

G_DEFINE_FINAL_TYPE (CairnToolCallItem, cairn_tool_call_item, CAIRN_TYPE_ITEM)

enum {
  PROP_0,
  PROP_TOOL_USE_ID,
  PROP_NAME,
  PROP_TOOL_KIND,
  PROP_STATUS,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_INPUT_TEXT,
  PROP_DIFF,
  PROP_LINES_ADDED,
  PROP_LINES_REMOVED,
  PROP_OUTPUT,
  PROP_SUMMARY,
  PROP_DURATION_MS,
  PROP_BACKGROUND,
  PROP_CHILDREN,
  PROP_APPROVAL,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
notify (CairnToolCallItem *self,
        guint              prop_id)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
count_diff (CairnToolCallItem *self)
{
  const char *diff = self->outcome.diff ? self->outcome.diff : self->summary.diff;
  guint added, removed;

  cairn_tool_count_diff_lines (diff, &added, &removed);
  if (added != self->lines_added)
    {
      self->lines_added = added;
      notify (self, PROP_LINES_ADDED);
    }
  if (removed != self->lines_removed)
    {
      self->lines_removed = removed;
      notify (self, PROP_LINES_REMOVED);
    }
}

/* Swaps in a new summary, notifying only what changed, so the card
 * doesn't relayout for every streamed byte of input. */
static void
apply_summary (CairnToolCallItem *self,
               CairnToolSummary  *next)
{
  CairnToolSummary *now = &self->summary;

  if (cairn_set_str (&now->title, next->title))
    notify (self, PROP_TITLE);
  if (cairn_set_str (&now->subtitle, next->subtitle))
    notify (self, PROP_SUBTITLE);
  if (cairn_set_str (&now->diff, next->diff))
    notify (self, PROP_DIFF);
  if (cairn_set_str (&now->input_text, next->input_text))
    notify (self, PROP_INPUT_TEXT);
  if (next->background && !now->background)
    cairn_tool_call_item_set_background (self, TRUE);
  count_diff (self);
}

void
cairn_tool_call_item_append_input_json (CairnToolCallItem *self,
                                        const char        *partial_json)
{
  CairnToolSummary next = { 0 };

  g_return_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self));

  if (partial_json == NULL || self->input != NULL)
    return;
  if (self->partial_input == NULL)
    self->partial_input = g_string_new (NULL);
  g_string_append (self->partial_input, partial_json);
  cairn_tool_summarize_partial (self->name, self->partial_input->str, self->cwd, &next);
  apply_summary (self, &next);
  cairn_tool_summary_clear (&next);
}

void
cairn_tool_call_item_set_input (CairnToolCallItem *self,
                                JsonObject        *input)
{
  CairnToolSummary next = { 0 };

  g_return_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self));
  g_return_if_fail (input != NULL);

  g_clear_pointer (&self->input, json_object_unref);
  self->input = json_object_ref (input);
  /* the streamed text of the input is not kept beside its parsed form */
  if (self->partial_input != NULL)
    g_string_free (g_steal_pointer (&self->partial_input), TRUE);
  /* the tool runs from here: streaming its input was the model's time */
  self->started = g_get_monotonic_time ();
  cairn_tool_summarize_input (self->name, input, self->cwd, &next);
  apply_summary (self, &next);
  cairn_tool_summary_clear (&next);
}

static void
set_status (CairnToolCallItem *self,
            CairnToolStatus    status)
{
  if (self->status == status)
    return;
  self->status = status;
  self->duration_ms = (g_get_monotonic_time () - self->started) / 1000;
  notify (self, PROP_DURATION_MS);
  notify (self, PROP_STATUS);
}

void
cairn_tool_call_item_set_result (CairnToolCallItem *self,
                                 JsonNode          *content,
                                 gboolean           is_error,
                                 JsonNode          *structured)
{
  g_return_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self));

  /* a refused call's result is the refusal, told to the model: the card
   * already says it */
  if (self->refused)
    return;
  cairn_tool_summarize_result (self->summary.kind, content, is_error, structured, &self->outcome);
  notify (self, PROP_OUTPUT);
  notify (self, PROP_SUMMARY);
  if (self->outcome.diff != NULL)
    notify (self, PROP_DIFF);
  count_diff (self);
  if (self->outcome.running_on)
    return;
  set_status (self, is_error ? CAIRN_TOOL_STATUS_ERROR : CAIRN_TOOL_STATUS_DONE);
}

/* A call that went on in the background after its result (a subagent the
 * CLI launched asynchronously) and ends in a task notification. */
gboolean
cairn_tool_call_item_get_running_on (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), FALSE);

  return self->outcome.running_on && self->status == CAIRN_TOOL_STATUS_RUNNING;
}

/**
 * cairn_tool_call_item_finish_running_on:
 * @answer: (nullable): what the call came back with (a subagent's report)
 * @summary: (nullable): the one-line summary
 *
 * Ends a call that went on in the background.
 */
void
cairn_tool_call_item_finish_running_on (CairnToolCallItem *self,
                                        CairnToolStatus    status,
                                        const char        *answer,
                                        const char        *summary)
{
  g_return_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self));

  if (!cairn_tool_call_item_get_running_on (self))
    return;
  self->outcome.running_on = FALSE;
  if (answer != NULL && cairn_set_str (&self->outcome.output, answer))
    notify (self, PROP_OUTPUT);
  if (cairn_set_str (&self->outcome.summary, summary))
    notify (self, PROP_SUMMARY);
  set_status (self, status);
}

/**
 * cairn_tool_call_item_mark_not_run:
 * @reason: (nullable): shown as the summary
 *
 * Closes a call that never got a result (the turn ended, the CLI exited).
 */
void
cairn_tool_call_item_mark_not_run (CairnToolCallItem *self,
                                   const char        *reason)
{
  g_return_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self));

  if (self->status != CAIRN_TOOL_STATUS_RUNNING)
    return;
  if (cairn_set_str (&self->outcome.summary, reason))
    notify (self, PROP_SUMMARY);
  set_status (self, CAIRN_TOOL_STATUS_NOT_RUN);
}

/**
 * cairn_tool_call_item_mark_refused:
 * @reason: (nullable): why, as the CLI said it (shown as the summary)
 *
 * The call was not allowed (system/permission_denied: a rule, the mode,
 * the user): its card says so, once, and its result, which only repeats
 * the refusal to the model, doesn't turn it into "failed".
 */
void
cairn_tool_call_item_mark_refused (CairnToolCallItem *self,
                                   const char        *reason)
{
  g_return_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self));

  if (cairn_set_str (&self->outcome.summary, reason))
    notify (self, PROP_SUMMARY);
  self->refused = TRUE;
  set_status (self, CAIRN_TOOL_STATUS_REFUSED);
}

/* What a running call is doing now (a subagent's latest step). */
void
cairn_tool_call_item_set_progress (CairnToolCallItem *self,
                                   const char        *progress)
{
  g_return_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self));

  if (self->status == CAIRN_TOOL_STATUS_RUNNING && progress != NULL &&
      cairn_set_str (&self->outcome.summary, progress))
    notify (self, PROP_SUMMARY);
}

void
cairn_tool_call_item_set_background (CairnToolCallItem *self,
                                     gboolean           background)
{
  g_return_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self));

  background = !!background;
  if (self->summary.background == background)
    return;
  self->summary.background = background;
  notify (self, PROP_BACKGROUND);
}

static void
cairn_tool_call_item_finalize (GObject *object)
{
  CairnToolCallItem *self = (CairnToolCallItem *)object;

  g_clear_pointer (&self->tool_use_id, g_free);
  if (self->partial_input != NULL)
    g_string_free (self->partial_input, TRUE);
  g_clear_pointer (&self->input, json_object_unref);
  cairn_tool_summary_clear (&self->summary);
  cairn_tool_outcome_clear (&self->outcome);
  g_clear_object (&self->children);
  g_clear_object (&self->approval);

  G_OBJECT_CLASS (cairn_tool_call_item_parent_class)->finalize (object);
}

static void
cairn_tool_call_item_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CairnToolCallItem *self = CAIRN_TOOL_CALL_ITEM (object);

  switch (prop_id)
    {
    case PROP_TOOL_USE_ID: g_value_set_string (value, self->tool_use_id); break;
    case PROP_NAME: g_value_set_string (value, self->name); break;
    case PROP_TOOL_KIND: g_value_set_enum (value, self->summary.kind); break;
    case PROP_STATUS: g_value_set_enum (value, self->status); break;
    case PROP_TITLE: g_value_set_string (value, self->summary.title); break;
    case PROP_SUBTITLE: g_value_set_string (value, self->summary.subtitle); break;
    case PROP_INPUT_TEXT: g_value_set_string (value, self->summary.input_text); break;
    case PROP_DIFF: g_value_set_string (value, cairn_tool_call_item_get_diff (self)); break;
    case PROP_LINES_ADDED: g_value_set_uint (value, self->lines_added); break;
    case PROP_LINES_REMOVED: g_value_set_uint (value, self->lines_removed); break;
    case PROP_OUTPUT: g_value_set_string (value, self->outcome.output); break;
    case PROP_SUMMARY: g_value_set_string (value, self->outcome.summary); break;
    case PROP_DURATION_MS: g_value_set_int64 (value, self->duration_ms); break;
    case PROP_BACKGROUND: g_value_set_boolean (value, self->summary.background); break;
    case PROP_CHILDREN: g_value_set_object (value, cairn_tool_call_item_get_children (self)); break;
    case PROP_APPROVAL: g_value_set_object (value, self->approval); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
string_pspec (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
}

static GParamSpec *
uint_pspec (const char *name)
{
  return g_param_spec_uint (name, NULL, NULL, 0, G_MAXUINT, 0,
                            (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
}

static void
cairn_tool_call_item_class_init (CairnToolCallItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = cairn_tool_call_item_finalize;
  object_class->get_property = cairn_tool_call_item_get_property;

  properties [PROP_TOOL_USE_ID] = string_pspec ("tool-use-id");
  properties [PROP_NAME] = string_pspec ("name");
  properties [PROP_TOOL_KIND] =
    g_param_spec_enum ("tool-kind", NULL, NULL, CAIRN_TYPE_TOOL_KIND, CAIRN_TOOL_KIND_GENERIC, flags);
  properties [PROP_STATUS] =
    g_param_spec_enum ("status", NULL, NULL, CAIRN_TYPE_TOOL_STATUS, CAIRN_TOOL_STATUS_RUNNING, flags);
  properties [PROP_TITLE] = string_pspec ("title");
  properties [PROP_SUBTITLE] = string_pspec ("subtitle");
  properties [PROP_INPUT_TEXT] = string_pspec ("input-text");
  properties [PROP_DIFF] = string_pspec ("diff");
  properties [PROP_LINES_ADDED] = uint_pspec ("lines-added");
  properties [PROP_LINES_REMOVED] = uint_pspec ("lines-removed");
  properties [PROP_OUTPUT] = string_pspec ("output");
  properties [PROP_SUMMARY] = string_pspec ("summary");
  properties [PROP_DURATION_MS] =
    g_param_spec_int64 ("duration-ms", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties [PROP_BACKGROUND] = g_param_spec_boolean ("background", NULL, NULL, FALSE, flags);
  properties [PROP_CHILDREN] =
    g_param_spec_object ("children", NULL, NULL, CAIRN_TYPE_TRANSCRIPT, flags);
  properties [PROP_APPROVAL] =
    g_param_spec_object ("approval", NULL, NULL, CAIRN_TYPE_PERMISSION_REQUEST, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_tool_call_item_init (CairnToolCallItem *self)
{
  self->started = g_get_monotonic_time ();
}

CairnToolCallItem *
cairn_tool_call_item_new (const char *tool_use_id,
                          const char *name,
                          const char *cwd)
{
  CairnToolCallItem *self = g_object_new (CAIRN_TYPE_TOOL_CALL_ITEM,
                                          "kind", CAIRN_ITEM_KIND_TOOL_CALL, NULL);

  self->tool_use_id = g_strdup (tool_use_id);
  /* a few names and one folder among thousands of calls */
  self->name = g_intern_string (name);
  self->cwd = g_intern_string (cwd);
  self->summary.kind = cairn_tool_kind_for_name (name);
  self->summary.title = g_strdup (name);
  return self;
}

const char *
cairn_tool_call_item_get_tool_use_id (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);
  return self->tool_use_id;
}

const char *
cairn_tool_call_item_get_name (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);
  return self->name;
}

CairnToolKind
cairn_tool_call_item_get_tool_kind (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), CAIRN_TOOL_KIND_GENERIC);
  return self->summary.kind;
}

CairnToolStatus
cairn_tool_call_item_get_status (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), CAIRN_TOOL_STATUS_RUNNING);
  return self->status;
}

const char *
cairn_tool_call_item_get_title (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);
  return self->summary.title;
}

const char *
cairn_tool_call_item_get_subtitle (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);
  return self->summary.subtitle;
}

const char *
cairn_tool_call_item_get_input_text (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);
  return self->summary.input_text;
}

/* The result's patch (with real line numbers) wins over the one made up
 * from the input. */
const char *
cairn_tool_call_item_get_diff (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);
  return self->outcome.diff ? self->outcome.diff : self->summary.diff;
}

const char *
cairn_tool_call_item_get_output (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);
  return self->outcome.output;
}

const char *
cairn_tool_call_item_get_summary (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);
  return self->outcome.summary;
}

gint64
cairn_tool_call_item_get_duration_ms (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), 0);
  return self->duration_ms;
}

gboolean
cairn_tool_call_item_get_background (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), FALSE);
  return self->summary.background;
}

JsonObject *
cairn_tool_call_item_get_input (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);
  return self->input;
}

/**
 * cairn_tool_call_item_get_written_path:
 *
 * Returns: (nullable): the file an Edit, MultiEdit, Write or NotebookEdit
 *   call writes (as the model gave it), for the Changes pane of a
 *   conversation that has no worktree of its own
 */
const char *
cairn_tool_call_item_get_written_path (CairnToolCallItem *self)
{
  static const char * const writers[] = { "Edit", "MultiEdit", "Write", "NotebookEdit", NULL };

  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);

  if (self->input == NULL || self->name == NULL || !g_strv_contains (writers, self->name))
    return NULL;
  if (g_str_equal (self->name, "NotebookEdit"))
    return cairn_json_get_string (self->input, "notebook_path");
  return cairn_json_get_string (self->input, "file_path");
}

/**
 * cairn_tool_call_item_get_children:
 *
 * Returns: (nullable): for a subagent call, its own messages; else %NULL.
 */
CairnTranscript *
cairn_tool_call_item_get_children (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);

  if (self->summary.kind != CAIRN_TOOL_KIND_AGENT)
    return NULL;
  if (self->children == NULL)
    self->children = cairn_transcript_new ();
  return self->children;
}

/**
 * cairn_tool_call_item_get_approval:
 *
 * Returns: (nullable): the pending approval of this call, if any
 */
CairnPermissionRequest *
cairn_tool_call_item_get_approval (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);
  return self->approval;
}

void
cairn_tool_call_item_set_approval (CairnToolCallItem      *self,
                                   CairnPermissionRequest *approval)
{
  g_return_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self));

  if (g_set_object (&self->approval, approval))
    notify (self, PROP_APPROVAL);
}

/* The full shell command (the title has only its first line), or NULL
 * for a call that runs none. */
const char *
cairn_tool_call_item_get_command (CairnToolCallItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);
  return cairn_json_get_string (self->input, "command");
}

/**
 * cairn_tool_call_item_dup_written_todos:
 *
 * A TodoWrite call's list, as it wrote it (the card shows the list as it
 * was then; the live one is the session's).
 *
 * Returns: (transfer full) (nullable): a #GListModel of #CairnTodo, or
 *   %NULL when the call has no input yet
 */
GListModel *
cairn_tool_call_item_dup_written_todos (CairnToolCallItem *self)
{
  g_autoptr(GPtrArray) todos = NULL;
  GListStore *store;

  g_return_val_if_fail (CAIRN_IS_TOOL_CALL_ITEM (self), NULL);

  if (self->input == NULL)
    return NULL;
  todos = cairn_todos_from_json (cairn_json_get_array (self->input, "todos"));
  store = g_list_store_new (CAIRN_TYPE_TODO);
  g_list_store_splice (store, 0, 0, todos->pdata, todos->len);
  return G_LIST_MODEL (store);
}
