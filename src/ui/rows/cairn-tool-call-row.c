/* cairn-tool-call-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-tool-call-row"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "protocol/cairn-util.h"
#include "rows/cairn-todo-list.h"
#include "transcript/cairn-todo.h"
#include "transcript/cairn-tool-call-item.h"
#include "widgets/cairn-source-style.h"
#include "rows/cairn-tool-call-row.h"
#include "rows/cairn-transcript-row.h"
#include "widgets/cairn-working-indicator.h"

/* Code views in a card longer than this many lines scroll in this height
 * rather than grow. */
#define MAX_BODY_LINES  16
#define MAX_BODY_HEIGHT 300

/* One tool call as a card. The header (what kind of tool, on what, how it
 * went) follows the item, which changes in place while the input streams:
 * every change is applied on the next frame, all at once. The body is the
 * expensive part (source views, nested rows), so it is made only when the
 * card is first opened; edits open with their diff shown, subagents stay
 * open while they run so their progress shows. */
struct _CairnToolCallRow
{
  CairnItemRow     parent_instance;

  GtkExpander     *expander;
  GtkImage        *kind_icon;
  GtkLabel        *name_label;
  GtkLabel        *title_label;
  GtkLabel        *added_label;
  GtkLabel        *removed_label;
  GtkLabel        *background_label;
  GtkLabel        *summary_label;
  GtkLabel        *duration_label;
  GtkWidget       *status_box;
  CairnWorkingIndicator *spinner;
  GtkImage        *chevron;
  GtkWidget       *approval_bar;
  GtkWidget       *review_button;
  GtkWidget       *deny_button;
  GtkWidget       *allow_button;
  GtkLabel        *subtitle_label;
  GtkBox          *body;

  /* The body's parts, each NULL until built and for kinds without it. */
  GtkSourceBuffer *diff_buffer;
  GtkSourceBuffer *input_buffer;
  GtkSourceBuffer *output_buffer;
  GtkLabel        *command_label;
  GtkLabel        *answer_label;
  GtkListBox      *children_list;
  CairnTranscript *children;
  CairnTodoList   *todo_list;
  GtkLabel        *placeholder_label;
  guint            body_built : 1;

  guint            user_toggled : 1;
  guint            setting_expanded : 1;
  guint            sync_tick_id;
  GSignalGroup    *item_signals;
};

G_DEFINE_FINAL_TYPE (CairnToolCallRow, cairn_tool_call_row, CAIRN_TYPE_ITEM_ROW)

static const char * const kind_icons[] = {
  [CAIRN_TOOL_KIND_GENERIC] = "applications-system-symbolic",
  [CAIRN_TOOL_KIND_EDIT] = "document-edit-symbolic",
  [CAIRN_TOOL_KIND_READ] = "text-x-generic-symbolic",
  [CAIRN_TOOL_KIND_SEARCH] = "system-search-symbolic",
  [CAIRN_TOOL_KIND_SHELL] = "utilities-terminal-symbolic",
  [CAIRN_TOOL_KIND_WEB] = "web-browser-symbolic",
  [CAIRN_TOOL_KIND_AGENT] = "avatar-default-symbolic",
  [CAIRN_TOOL_KIND_TODO] = "view-list-bullet-symbolic",
};

static const char * const status_pages[] = {
  [CAIRN_TOOL_STATUS_RUNNING] = "running",
  [CAIRN_TOOL_STATUS_DONE] = "done",
  [CAIRN_TOOL_STATUS_ERROR] = "error",
  [CAIRN_TOOL_STATUS_NOT_RUN] = "not-run",
  [CAIRN_TOOL_STATUS_REFUSED] = "refused",
  [CAIRN_TOOL_STATUS_STOPPED] = "stopped",
};

static CairnToolCallItem *
get_call (CairnToolCallRow *self)
{
  return CAIRN_TOOL_CALL_ITEM (cairn_item_row_get_item (CAIRN_ITEM_ROW (self)));
}

static gboolean
is_empty (const char *text)
{
  return text == NULL || *text == '\0';
}

static CairnToolKind
get_kind (CairnToolCallItem *call)
{
  return MIN (cairn_tool_call_item_get_tool_kind (call), CAIRN_TOOL_KIND_TODO);
}

static CairnToolStatus
get_status (CairnToolCallItem *call)
{
  return MIN (cairn_tool_call_item_get_status (call), CAIRN_TOOL_STATUS_STOPPED);
}

/* Helpers */

/* For the card's accessible label, "Tool call: Bash, done". */
static const char *
describe_status (CairnToolStatus status)
{
  /* Translators: the state of a tool call, read out by screen readers */
  switch (status)
    {
    case CAIRN_TOOL_STATUS_DONE:
      return _("done");
    case CAIRN_TOOL_STATUS_ERROR:
      return _("failed");
    case CAIRN_TOOL_STATUS_NOT_RUN:
      return _("not run");
    case CAIRN_TOOL_STATUS_REFUSED:
      return _("not allowed");
    case CAIRN_TOOL_STATUS_STOPPED:
      return _("stopped");
    case CAIRN_TOOL_STATUS_RUNNING:
    default:
      return _("running");
    }
}

static void
set_label (GtkLabel   *label,
           const char *text)
{
  gtk_label_set_label (label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), !is_empty (text));
}

/* Code views */

/* The scheme's diff colors are pale on a light background (red_1 text on
 * white), so diff lines get tinted backgrounds instead, which read well in
 * both styles. Line marks, unlike tags, tint the margins too. */
static const struct {
  char        first;
  const char *category;
  const char *background;
} diff_lines[] = {
  { '+', "added", "rgba(46,194,126,0.18)" },
  { '-', "removed", "rgba(237,51,59,0.16)" },
  { '@', "hunk", "rgba(53,132,228,0.10)" },
};

static void
setup_diff_view (GtkSourceBuffer *buffer)
{
  GtkScrolledWindow *scroller = g_object_get_data (G_OBJECT (buffer), "cairn-scroller");
  GtkSourceView *view = GTK_SOURCE_VIEW (gtk_scrolled_window_get_child (scroller));

  /* The tints are the highlighting (see above), up to the view's edges. */
  gtk_source_buffer_set_highlight_syntax (buffer, FALSE);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 4);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 4);
  for (guint i = 0; i < G_N_ELEMENTS (diff_lines); i++)
    {
      g_autoptr(GtkSourceMarkAttributes) attributes = gtk_source_mark_attributes_new ();
      GdkRGBA background;

      gdk_rgba_parse (&background, diff_lines[i].background);
      gtk_source_mark_attributes_set_background (attributes, &background);
      gtk_source_view_set_mark_attributes (view, diff_lines[i].category, attributes, 0);
    }
  gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (buffer), "hunk",
                              "foreground", "rgba(128,128,128,1)", NULL);
}

static void
mark_diff_line (GtkSourceBuffer   *buffer,
                const GtkTextIter *line_start)
{
  gunichar first = gtk_text_iter_get_char (line_start);
  GtkTextIter line_end = *line_start;

  for (guint i = 0; i < G_N_ELEMENTS (diff_lines); i++)
    {
      if ((gunichar)diff_lines[i].first != first)
        continue;
      gtk_source_buffer_create_source_mark (buffer, NULL, diff_lines[i].category, line_start);
      if (first == '@' && gtk_text_iter_forward_to_line_end (&line_end))
        gtk_text_buffer_apply_tag_by_name (GTK_TEXT_BUFFER (buffer), "hunk", line_start, &line_end);
    }
}

static void
mark_diff_lines (GtkSourceBuffer *buffer)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (buffer), &start, &end);
  gtk_source_buffer_remove_source_marks (buffer, &start, &end, NULL);
  do
    mark_diff_line (buffer, &start);
  while (gtk_text_iter_forward_line (&start));
}

/* The card's title already names the file: the "---"/"+++" lines would
 * only repeat it, and a first "@@" without line numbers (a diff made up
 * from the input) only says that a hunk starts. */
static const char *
skip_diff_header (const char *diff)
{
  static const char * const header[] = { "--- ", "+++ ", "@@\n" };

  for (guint i = 0; i < G_N_ELEMENTS (header) && diff != NULL; i++)
    {
      const char *next = strchr (diff, '\n');

      if (!g_str_has_prefix (diff, header[i]) || next == NULL)
        break;
      diff = next + 1;
    }
  return diff;
}

/* A fingerprint of a text (FNV-1a and its length): the row compares what
 * it shows against the item without keeping a second copy of it. */
static guint64
fingerprint (const char *text)
{
  guint64 hash = 0xcbf29ce484222325ull;
  gsize len = 0;

  for (; text[len] != '\0'; len++)
    hash = (hash ^ (guchar)text[len]) * 0x100000001b3ull;
  return hash ^ ((guint64)len << 48);
}

/* Sets the text only when it changed (the row re-syncs on every change of
 * the item), without the last newline, which would show as an empty line. */
static gboolean
set_buffer_text (GtkSourceBuffer *buffer,
                 const char      *text)
{
  static GQuark shown_quark;
  guint64 *shown;
  guint64 print;
  gsize len;

  if (shown_quark == 0)
    shown_quark = g_quark_from_static_string ("cairn-shown-text");
  text = text ? text : "";
  print = fingerprint (text);
  shown = g_object_get_qdata (G_OBJECT (buffer), shown_quark);
  if (shown != NULL && *shown == print)
    return FALSE;
  g_object_set_qdata_full (G_OBJECT (buffer), shown_quark, g_memdup2 (&print, sizeof print), g_free);
  len = strlen (text);
  if (len > 0 && text[len - 1] == '\n')
    len--;
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (buffer), text, len);
  return TRUE;
}

static GtkSourceBuffer *
add_code_view (CairnToolCallRow  *self,
               GtkSourceLanguage *language,
               const char        *css_class)
{
  g_autoptr(GtkSourceBuffer) buffer = gtk_source_buffer_new (NULL);
  GtkWidget *view = gtk_source_view_new_with_buffer (buffer);
  GtkWidget *scroller = gtk_scrolled_window_new ();

  gtk_source_buffer_set_language (buffer, language);
  gtk_source_buffer_set_highlight_matching_brackets (buffer, FALSE);
  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_cursor_visible (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_NONE);
  g_object_set (view, "top-margin", 8, "bottom-margin", 8, "left-margin", 10, "right-margin", 10,
                NULL);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  gtk_widget_set_css_classes (scroller, (const char *[]) { "tool-code", css_class, NULL });
  gtk_widget_set_visible (scroller, FALSE);
  gtk_box_append (self->body, scroller);
  g_object_set_data (G_OBJECT (buffer), "cairn-scroller", scroller);
  cairn_source_style_follow (buffer);
  /* The view keeps the buffer, the body keeps the view. */
  return buffer;
}

/* Rows in the transcript get their minimum height (the list's scroll
 * policy), and a scrolled window's minimum is its min-content-height, not
 * its content: so a short view doesn't scroll vertically at all (its
 * minimum is then all of it), a long one gets a fixed height. */
static void
show_code_view (GtkSourceBuffer *buffer,
                gboolean         visible)
{
  GtkScrolledWindow *scroller = g_object_get_data (G_OBJECT (buffer), "cairn-scroller");
  gboolean is_long = gtk_text_buffer_get_line_count (GTK_TEXT_BUFFER (buffer)) > MAX_BODY_LINES;

  gtk_scrolled_window_set_policy (scroller, GTK_POLICY_AUTOMATIC,
                                  is_long ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER);
  gtk_scrolled_window_set_min_content_height (scroller, is_long ? MAX_BODY_HEIGHT : -1);
  gtk_widget_set_visible (GTK_WIDGET (scroller), visible);
}

static GtkSourceLanguage *
get_language (const char *id)
{
  return gtk_source_language_manager_get_language (gtk_source_language_manager_get_default (), id);
}

/* A Read shows the file: highlight it as what its name says it is. */
static GtkSourceLanguage *
guess_language (const char *path)
{
  if (is_empty (path))
    return NULL;
  return gtk_source_language_manager_guess_language (gtk_source_language_manager_get_default (),
                                                     path, NULL);
}

static GtkLabel *
add_text (CairnToolCallRow *self,
          const char       *css_class,
          gboolean          monospace)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), monospace ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, css_class);
  if (monospace)
    gtk_widget_add_css_class (label, "monospace");
  gtk_widget_set_visible (label, FALSE);
  gtk_box_append (self->body, label);
  return GTK_LABEL (label);
}

/* Nested rows (a subagent's own messages and tool calls) */

static GtkWidget *
create_child_row_cb (gpointer item,
                     gpointer user_data)
{
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row),
                              g_object_new (CAIRN_TYPE_TRANSCRIPT_ROW, "item", item, NULL));
  return row;
}

static void queue_sync (CairnToolCallRow *self);

static void
children_changed_cb (CairnToolCallRow *self,
                     guint             position,
                     guint             removed,
                     guint             added,
                     GListModel       *children)
{
  g_assert (CAIRN_IS_TOOL_CALL_ROW (self));

  queue_sync (self);
}

static void
add_children (CairnToolCallRow  *self,
              CairnToolCallItem *call)
{
  GtkWidget *list = gtk_list_box_new ();

  self->children = g_object_ref (cairn_tool_call_item_get_children (call));
  g_signal_connect_object (self->children, "items-changed",
                           G_CALLBACK (children_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_list_box_bind_model (GTK_LIST_BOX (list), G_LIST_MODEL (self->children),
                           create_child_row_cb, NULL, NULL);
  gtk_widget_add_css_class (list, "tool-children");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Subagent messages"), -1);
  gtk_box_append (self->body, list);
  self->children_list = GTK_LIST_BOX (list);
}

/* The body */

static void
add_output_view (CairnToolCallRow  *self,
                 CairnToolCallItem *call)
{
  GtkSourceLanguage *language = NULL;

  if (get_kind (call) == CAIRN_TOOL_KIND_READ)
    language = guess_language (cairn_tool_call_item_get_title (call));
  self->output_buffer = add_code_view (self, language, "tool-output");
}

static void
build_body (CairnToolCallRow  *self,
            CairnToolCallItem *call)
{
  CairnToolKind kind = get_kind (call);

  self->body_built = TRUE;
  if (kind == CAIRN_TOOL_KIND_EDIT)
    {
      self->diff_buffer = add_code_view (self, get_language ("diff"), "tool-diff");
      setup_diff_view (self->diff_buffer);
    }
  else if (kind == CAIRN_TOOL_KIND_SHELL)
    self->command_label = add_text (self, "tool-command", TRUE);
  else if (kind == CAIRN_TOOL_KIND_GENERIC)
    self->input_buffer = add_code_view (self, get_language ("json"), "tool-input");
  else if (kind == CAIRN_TOOL_KIND_AGENT)
    add_children (self, call);
  else if (kind == CAIRN_TOOL_KIND_TODO)
    {
      self->todo_list = CAIRN_TODO_LIST (cairn_todo_list_new ());
      gtk_widget_set_visible (GTK_WIDGET (self->todo_list), FALSE);
      gtk_box_append (self->body, GTK_WIDGET (self->todo_list));
    }

  if (kind == CAIRN_TOOL_KIND_AGENT)
    self->answer_label = add_text (self, "tool-answer", FALSE);
  else
    add_output_view (self, call);
  self->placeholder_label = add_text (self, "tool-placeholder", FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->placeholder_label), "dim-label");
  gtk_label_set_selectable (self->placeholder_label, FALSE);
}

static void
clear_body (CairnToolCallRow *self)
{
  GtkWidget *child;

  if (self->children != NULL)
    g_signal_handlers_disconnect_by_func (self->children, children_changed_cb, self);
  g_clear_object (&self->children);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->body))))
    gtk_box_remove (self->body, child);
  self->diff_buffer = self->input_buffer = self->output_buffer = NULL;
  self->command_label = self->answer_label = self->placeholder_label = NULL;
  self->children_list = NULL;
  self->todo_list = NULL;
  self->body_built = FALSE;
}

/* The full command: the title has only its first line. */
static const char *
get_command (CairnToolCallItem *call)
{
  const char *command = cairn_tool_call_item_get_command (call);

  return command ? command : cairn_tool_call_item_get_title (call);
}

static gboolean
sync_output (CairnToolCallRow  *self,
             CairnToolCallItem *call)
{
  const char *output = cairn_tool_call_item_get_output (call);
  gboolean shown = !is_empty (output);

  /* An edit's output only repeats that it worked, and so does a task
   * list's when the list shows; their errors say why not. */
  if (get_kind (call) == CAIRN_TOOL_KIND_EDIT ||
      (self->todo_list != NULL && gtk_widget_get_visible (GTK_WIDGET (self->todo_list))))
    shown = shown && get_status (call) == CAIRN_TOOL_STATUS_ERROR;
  if (self->output_buffer != NULL)
    {
      set_buffer_text (self->output_buffer, output);
      show_code_view (self->output_buffer, shown);
    }
  if (self->answer_label != NULL)
    set_label (self->answer_label, output);
  return shown;
}

static void
sync_todos (CairnToolCallRow  *self,
            CairnToolCallItem *call)
{
  g_autoptr(GListModel) todos = NULL;

  /* the list as it was written: set once */
  if (cairn_todo_list_get_model (self->todo_list) != NULL ||
      (todos = cairn_tool_call_item_dup_written_todos (call)) == NULL)
    return;
  cairn_todo_list_set_model (self->todo_list, todos);
  gtk_widget_set_visible (GTK_WIDGET (self->todo_list), g_list_model_get_n_items (todos) > 0);
}

/* Returns whether the body shows anything from the input. */
static gboolean
sync_input (CairnToolCallRow  *self,
            CairnToolCallItem *call)
{
  const char *diff = skip_diff_header (cairn_tool_call_item_get_diff (call));
  const char *input_text = cairn_tool_call_item_get_input_text (call);
  gboolean shown = self->command_label != NULL;

  if (self->diff_buffer != NULL)
    {
      if (set_buffer_text (self->diff_buffer, diff))
        mark_diff_lines (self->diff_buffer);
      show_code_view (self->diff_buffer, !is_empty (diff));
      shown |= !is_empty (diff);
    }
  if (self->input_buffer != NULL)
    {
      set_buffer_text (self->input_buffer, input_text);
      show_code_view (self->input_buffer, !is_empty (input_text));
      shown |= !is_empty (input_text);
    }
  if (self->command_label != NULL)
    set_label (self->command_label, get_command (call));
  if (self->todo_list != NULL)
    {
      sync_todos (self, call);
      shown |= gtk_widget_get_visible (GTK_WIDGET (self->todo_list));
    }
  if (self->children_list != NULL)
    {
      gboolean has_children = g_list_model_get_n_items (G_LIST_MODEL (self->children)) > 0;

      gtk_widget_set_visible (GTK_WIDGET (self->children_list), has_children);
      shown |= has_children;
    }
  return shown;
}

/* What an otherwise empty body says. A shell call shows its command
 * whatever happens, so it also says when the command printed nothing. */
static const char *
placeholder_text (CairnToolCallItem *call,
                  gboolean           has_input,
                  gboolean           has_output)
{
  if (has_output)
    return NULL;
  if (get_status (call) == CAIRN_TOOL_STATUS_RUNNING)
    return has_input ? NULL : _("Waiting for the result…");
  if (has_input && get_kind (call) != CAIRN_TOOL_KIND_SHELL)
    return NULL;
  return _("No output");
}

static void
sync_body (CairnToolCallRow  *self,
           CairnToolCallItem *call)
{
  gboolean has_input, has_output;

  if (!self->body_built)
    return;
  has_input = sync_input (self, call);
  has_output = sync_output (self, call);
  set_label (self->placeholder_label, placeholder_text (call, has_input, has_output));
}

/* The header */

static gboolean
default_expanded (CairnToolCallItem *call)
{
  switch (get_kind (call))
    {
    case CAIRN_TOOL_KIND_EDIT:
      return TRUE;
    case CAIRN_TOOL_KIND_AGENT:
      return get_status (call) == CAIRN_TOOL_STATUS_RUNNING;
    case CAIRN_TOOL_KIND_GENERIC:
    case CAIRN_TOOL_KIND_READ:
    case CAIRN_TOOL_KIND_SEARCH:
    case CAIRN_TOOL_KIND_SHELL:
    case CAIRN_TOOL_KIND_WEB:
    case CAIRN_TOOL_KIND_TODO:
    default:
      return FALSE;
    }
}

/* Until the user opens or closes the card, it follows the default; after
 * that it is theirs. */
static void
apply_default_expanded (CairnToolCallRow  *self,
                        CairnToolCallItem *call)
{
  if (self->user_toggled)
    return;
  self->setting_expanded = TRUE;
  gtk_expander_set_expanded (self->expander, default_expanded (call));
  self->setting_expanded = FALSE;
}

static void
sync_diffstat (CairnToolCallRow  *self,
               CairnToolCallItem *call)
{
  guint added = 0, removed = 0;
  g_autofree char *added_text = NULL;
  g_autofree char *removed_text = NULL;
  g_autofree char *accessible = NULL;

  g_object_get (call, "lines-added", &added, "lines-removed", &removed, NULL);
  added_text = added ? g_strdup_printf ("+%u", added) : NULL;
  removed_text = removed ? g_strdup_printf ("−%u", removed) : NULL;
  set_label (self->added_label, added_text);
  set_label (self->removed_label, removed_text);
  {
    g_autofree char *added_words = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u line added",
                                                                 "%u lines added", added), added);
    g_autofree char *removed_words = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u removed",
                                                                   "%u removed", removed), removed);
    /* Translators: "3 lines added, 1 removed" */
    accessible = g_strdup_printf (_("%s, %s"), added_words, removed_words);
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->added_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
}

/* Shows the child of the status box named as @status. A GtkStack would
 * do, but not in a row: GTK 4.8 exposes each stack page to AT-SPI as an
 * object of its own, which stays on the bus when the row or the card's
 * body is taken out of the window (the list's row cache, a card that
 * closes). A screen reader asking such a page about its parent or child
 * then puts those, out of the window, back on the bus, and when they come
 * back into it GTK fails "gtk_at_context_set_accessible_role: assertion
 * '!self->realized'" (test-ui-rows, when it opened the Agent card).
 * Widgets alone are taken off the bus as they leave the window. */
static void
show_status (CairnToolCallRow *self,
             CairnToolStatus   status)
{
  for (GtkWidget *child = gtk_widget_get_first_child (self->status_box);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_visible (child, g_strcmp0 (gtk_widget_get_name (child), status_pages[status]) == 0);
}

static void
sync_status (CairnToolCallRow  *self,
             CairnToolCallItem *call)
{
  CairnToolStatus status = get_status (call);
  gboolean finished = status == CAIRN_TOOL_STATUS_DONE || status == CAIRN_TOOL_STATUS_ERROR;
  g_autofree char *duration = NULL;
  g_autofree char *accessible = NULL;

  show_status (self, status);
  cairn_working_indicator_set_working (self->spinner, status == CAIRN_TOOL_STATUS_RUNNING);
  /* "0.0 s" says nothing */
  if (finished && cairn_tool_call_item_get_duration_ms (call) >= 50)
    duration = cairn_format_duration (cairn_tool_call_item_get_duration_ms (call));
  set_label (self->duration_label, duration);
  if (status == CAIRN_TOOL_STATUS_ERROR)
    gtk_widget_add_css_class (GTK_WIDGET (self), "tool-failed");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "tool-failed");
  /* Translators: the first %s is a tool's name ("Bash"), the second its
   * state ("done") */
  accessible = g_strdup_printf (_("Tool call: %s, %s"), cairn_tool_call_item_get_name (call),
                                describe_status (status));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
}

/* Tools without a card of their own (MCP tools) are named by their title,
 * "tool (server)"; a title that only repeats the name is left out. */
static void
sync_titles (CairnToolCallRow  *self,
             CairnToolCallItem *call)
{
  const char *name = cairn_tool_call_item_get_name (call);
  const char *title = cairn_tool_call_item_get_title (call);
  const char *summary = cairn_tool_call_item_get_summary (call);

  if (get_kind (call) == CAIRN_TOOL_KIND_GENERIC && !is_empty (title))
    name = title;
  gtk_label_set_label (self->name_label, name);
  set_label (self->title_label, g_strcmp0 (title, name) != 0 ? title : NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  title ? title : "", -1);
  set_label (self->subtitle_label, cairn_tool_call_item_get_subtitle (call));
  set_label (self->summary_label, summary);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->summary_label), summary);
  gtk_widget_set_visible (GTK_WIDGET (self->background_label),
                          cairn_tool_call_item_get_background (call));
}

/* The approval this call waits for, answerable right on the card, so a
 * closed or missed dialog never loses it. */
static void
sync_approval (CairnToolCallRow  *self,
               CairnToolCallItem *call)
{
  CairnPermissionRequest *request = cairn_tool_call_item_get_approval (call);
  gboolean pending = request != NULL &&
                     cairn_permission_request_get_state (request) == CAIRN_PERMISSION_PENDING;
  gboolean simple = pending &&
                    cairn_permission_request_get_kind (request) == CAIRN_PERMISSION_KIND_TOOL;
  GtkWidget *buttons[] = { self->review_button, self->deny_button, self->allow_button };
  const char *actions[] = { "page.approval-review", "page.approval-deny", "page.approval-allow" };

  gtk_widget_set_visible (self->approval_bar, pending);
  gtk_widget_set_visible (self->deny_button, simple);
  gtk_widget_set_visible (self->allow_button, simple);
  /* name and target go together: a target-less "s" action warns */
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      if (pending)
        gtk_actionable_set_action_target (GTK_ACTIONABLE (buttons[i]), "s",
                                          cairn_permission_request_get_request_id (request));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (buttons[i]), pending ? actions[i] : NULL);
    }
}

static void
sync_all (CairnToolCallRow *self)
{
  CairnToolCallItem *call = get_call (self);

  if (self->sync_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->sync_tick_id);
      self->sync_tick_id = 0;
    }
  if (call == NULL)
    return;
  sync_titles (self, call);
  sync_diffstat (self, call);
  sync_status (self, call);
  sync_approval (self, call);
  apply_default_expanded (self, call);
  sync_body (self, call);
}

static gboolean
sync_tick_cb (GtkWidget     *widget,
              GdkFrameClock *frame_clock,
              gpointer       user_data)
{
  CairnToolCallRow *self = CAIRN_TOOL_CALL_ROW (widget);

  self->sync_tick_id = 0;
  sync_all (self);
  return G_SOURCE_REMOVE;
}

/* Off screen there are no frames to wait for: apply at once. */
static void
queue_sync (CairnToolCallRow *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    sync_all (self);
  else if (self->sync_tick_id == 0)
    self->sync_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), sync_tick_cb, NULL, NULL);
}

static void
item_notify_cb (CairnToolCallRow  *self,
                GParamSpec        *pspec,
                CairnToolCallItem *call)
{
  g_assert (CAIRN_IS_TOOL_CALL_ROW (self));

  queue_sync (self);
}

static void
expanded_changed_cb (CairnToolCallRow *self,
                     GParamSpec       *pspec,
                     GtkExpander      *expander)
{
  CairnToolCallItem *call = get_call (self);

  g_assert (CAIRN_IS_TOOL_CALL_ROW (self));

  gtk_image_set_from_icon_name (self->chevron, gtk_expander_get_expanded (expander)
                                                 ? "pan-down-symbolic" : "pan-end-symbolic");
  if (!self->setting_expanded)
    self->user_toggled = TRUE;
  if (call != NULL && gtk_expander_get_expanded (expander) && !self->body_built)
    {
      build_body (self, call);
      sync_body (self, call);
    }
}

static void
bind_kind (CairnToolCallRow  *self,
           CairnToolCallItem *call)
{
  CairnToolKind kind = get_kind (call);
  gboolean code_title = kind == CAIRN_TOOL_KIND_EDIT || kind == CAIRN_TOOL_KIND_READ ||
                        kind == CAIRN_TOOL_KIND_SEARCH || kind == CAIRN_TOOL_KIND_SHELL;
  const char *icon_names[] = { kind_icons[kind], "applications-system-symbolic", NULL };
  g_autoptr(GIcon) icon = g_themed_icon_new_from_names ((char **)icon_names, -1);
  g_autofree char *details = NULL;

  /* Some of these names are in Adwaita's "legacy" set, which newer themes
   * may lack: fall back to a plain gear rather than a missing image. */
  gtk_image_set_from_gicon (self->kind_icon, icon);
  /* each card's toggle says whose details it opens */
  details = g_strdup_printf (_("Details of %s"), cairn_tool_call_item_get_name (call));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->expander), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  details, -1);
  if (code_title)
    gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "monospace");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->title_label), "monospace");
}

static void
cairn_tool_call_row_bind (CairnItemRow *row,
                          CairnItem    *item)
{
  CairnToolCallRow *self = CAIRN_TOOL_CALL_ROW (row);

  g_signal_group_set_target (self->item_signals, item);
  self->setting_expanded = TRUE;
  gtk_expander_set_expanded (self->expander, FALSE);
  self->setting_expanded = FALSE;
  self->user_toggled = FALSE;
  clear_body (self);
  if (item != NULL)
    bind_kind (self, CAIRN_TOOL_CALL_ITEM (item));
  sync_all (self);
}

static void
cairn_tool_call_row_dispose (GObject *object)
{
  CairnToolCallRow *self = (CairnToolCallRow *)object;

  if (self->sync_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->sync_tick_id);
      self->sync_tick_id = 0;
    }

  /* The parent drops the item, which binds NULL and so clears the body
   * while the template is still there. */
  G_OBJECT_CLASS (cairn_tool_call_row_parent_class)->dispose (object);

  g_clear_object (&self->item_signals);
}

static void
cairn_tool_call_row_class_init (CairnToolCallRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CairnItemRowClass *row_class = CAIRN_ITEM_ROW_CLASS (klass);

  object_class->dispose = cairn_tool_call_row_dispose;
  row_class->bind = cairn_tool_call_row_bind;

  gtk_source_init ();
  g_type_ensure (CAIRN_TYPE_WORKING_INDICATOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/cairnapp/Cairn/ui/"
                                               "cairn-tool-call-row.ui");
  gtk_widget_class_set_css_name (widget_class, "toolcallrow");
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, expander);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, kind_icon);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, added_label);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, removed_label);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, background_label);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, summary_label);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, duration_label);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, status_box);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, spinner);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, chevron);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, approval_bar);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, review_button);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, deny_button);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, allow_button);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, CairnToolCallRow, body);
  gtk_widget_class_bind_template_callback (widget_class, expanded_changed_cb);
}

static void
cairn_tool_call_row_init (CairnToolCallRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->item_signals = g_signal_group_new (CAIRN_TYPE_TOOL_CALL_ITEM);
  g_signal_group_connect_object (self->item_signals, "notify",
                                 G_CALLBACK (item_notify_cb), self, G_CONNECT_SWAPPED);
}
