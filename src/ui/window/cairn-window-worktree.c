/* cairn-window-worktree.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include <stdlib.h>
#include <glib/gi18n.h>

#include "git/cairn-git.h"
#include "git/cairn-git-worktree.h"
#include "history/cairn-history-paths.h"
#include "widgets/cairn-plain-text.h"
#include "window/cairn-window-private.h"
#include "window/cairn-worktree-dialog.h"

/* New Conversation in Worktree: offered only in a git folder (the reason
 * in the button's tooltip otherwise), a dialog for the name and the base,
 * then git/ makes the worktree off the main loop and a conversation starts
 * in it, its first prompt sent if one was given. */

static void
set_git_state (CairnWindow  *self,
               CairnGitRepo *repo,
               const char   *reason)
{
  g_autofree char *tooltip = NULL;

  g_clear_pointer (&self->git_repo, cairn_git_repo_free);
  g_clear_pointer (&self->git_reason, g_free);
  self->git_repo = repo;
  self->git_reason = g_strdup (reason);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new-worktree-conversation", repo != NULL);
  tooltip = repo != NULL ? g_strdup (_("New Conversation in Worktree (Shift+Ctrl+N)"))
                         : g_strdup_printf (_("New Conversation in Worktree: %s"), reason);
  gtk_widget_set_tooltip_text (self->worktree_button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->worktree_button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, repo ? "" : reason, -1);
}

static void
probed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(CairnWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  CairnGitRepo *repo = cairn_git_repo_probe_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_git_state (self, repo, error ? error->message : NULL);
}

/**
 * _cairn_window_probe_git:
 *
 * Asks git about the folder again (it opened, or a worktree came or went).
 */
void
_cairn_window_probe_git (CairnWindow *self)
{
  g_autofree char *path = self->folder ? g_file_get_path (self->folder) : NULL;

  g_cancellable_cancel (self->git_probing);
  g_clear_object (&self->git_probing);
  set_git_state (self, NULL, _("looking for a git repository…"));
  /* git's runs wait for the window's first frame (cairn-window.c) */
  self->git_probe_waits = path != NULL && !self->drawn;
  if (path == NULL || self->git_probe_waits)
    return;
  self->git_probing = g_cancellable_new ();
  cairn_git_repo_probe_async (path, self->git_probing, probed_cb, g_object_ref (self));
}

/**
 * _cairn_window_run_git_probe:
 *
 * Asks git about the folder, if that waits for the first frame.
 */
void
_cairn_window_run_git_probe (CairnWindow *self)
{
  if (self->git_probe_waits)
    _cairn_window_probe_git (self);
}

/**
 * _cairn_window_say:
 *
 * A message that waits to be read (a refusal of git's, with its reason).
 */
void
_cairn_window_say (CairnWindow *self,
                   const char  *heading,
                   const char  *message)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, NULL));

  adw_message_dialog_set_body (dialog, message);
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static int
newest_first (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  gint64 x = 0, y = 0;

  g_object_get ((gpointer)a, "modified", &x, NULL);
  g_object_get ((gpointer)b, "modified", &y, NULL);
  return (y > x) - (y < x);
}

static void
add_conversations_of (CairnWindow *self,
                      const char  *cwd)
{
  GListModel *list = cairn_history_index_get_conversations (self->history, cwd);

  if (!g_list_store_find (self->conversation_lists, list, NULL))
    g_list_store_append (self->conversation_lists, list);
}

/* The project's and its worktrees' conversations, one list newest first.
 * Only when there are worktrees: the project's own list goes to the
 * sidebar as the index fills it, batch by batch, without a sort model
 * in between re-sorting thousands of conversations at each batch. */
static void
show_merged_lists (CairnWindow *self)
{
  GtkFlattenListModel *flat = gtk_flatten_list_model_new (G_LIST_MODEL (g_object_ref (self->conversation_lists)));
  GtkSortListModel *sorted = gtk_sort_list_model_new (G_LIST_MODEL (flat),
                                                      GTK_SORTER (gtk_custom_sorter_new (newest_first, NULL, NULL)));

  cairn_sidebar_set_model (self->sidebar, G_LIST_MODEL (sorted));
  g_object_unref (sorted);
}

static void
worktrees_listed_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  CairnWindow *self = CAIRN_WINDOW (object);
  g_auto(GStrv) cwds = g_task_propagate_pointer (G_TASK (result), NULL);

  for (guint i = 0; cwds != NULL && cwds[i] != NULL && self->conversation_lists != NULL; i++)
    add_conversations_of (self, cwds[i]);
  if (self->conversation_lists != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->conversation_lists)) > 1)
    show_merged_lists (self);
}

static void
list_worktrees_thread (GTask        *task,
                       gpointer      source,
                       gpointer      task_data,
                       GCancellable *cancellable)
{
  g_task_return_pointer (task, cairn_history_worktree_cwds (task_data), (GDestroyNotify)g_strfreev);
}

/**
 * _cairn_window_list_conversations:
 *
 * The sidebar lists the project's conversations and, newest first among
 * them, those of its worktrees, also of worktrees removed since: they
 * stay in history.
 */
void
_cairn_window_list_conversations (CairnWindow *self)
{
  g_autofree char *path = g_file_get_path (self->folder);
  g_autofree char *real = realpath (path, NULL);
  g_autoptr(GTask) task = NULL;

  g_clear_object (&self->conversation_lists);
  self->conversation_lists = g_list_store_new (G_TYPE_LIST_MODEL);
  add_conversations_of (self, path);
  cairn_sidebar_set_model (self->sidebar, cairn_history_index_get_conversations (self->history, path));
  task = g_task_new (self, self->opening, worktrees_listed_cb, NULL);
  g_task_set_task_data (task, g_strdup (real ? real : path), g_free);
  g_task_run_in_thread (task, list_worktrees_thread);
}

/**
 * _cairn_window_cwd_of:
 * @file: a stored conversation of this project or of one of its worktrees
 *
 * Returns: where it resumes: its worktree while that is there; else the
 *   project (the CLI finds the conversation by its id from there, see
 *   docs/protocol.md), and a toast says the worktree is gone
 */
char *
_cairn_window_cwd_of (CairnWindow *self,
                      GFile       *file)
{
  g_autofree char *path = g_file_get_path (self->folder);
  g_autofree char *real = realpath (path, NULL);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *worktree = parent ? cairn_history_worktree_cwd (real ? real : path, parent) : NULL;

  if (worktree == NULL)
    return g_steal_pointer (&path);
  if (g_file_test (worktree, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&worktree);
  adw_toast_overlay_add_toast (self->toast_overlay,
                               cairn_toast_new_plain (_("This conversation's worktree was removed: it goes on "
                                                        "in the project's main checkout")));
  return g_steal_pointer (&path);
}

static void
created_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(CairnWindow) self = user_data;
  g_autofree char *prompt = g_object_steal_data (G_OBJECT (self), "worktree-prompt");
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnGitWorktree) worktree = cairn_git_worktree_create_finish (result, &error);
  g_autofree char *said = NULL;
  CairnSession *session;

  if (worktree == NULL)
    {
      _cairn_window_say (self, _("No Worktree Made"), error->message);
      return;
    }
  add_conversations_of (self, worktree->path);
  if ((session = _cairn_window_show_new_session_in (self, worktree->path)) == NULL)
    return;
  cairn_session_start (session);
  if (prompt != NULL && *prompt != '\0')
    cairn_session_send_prompt (session, prompt);
  said = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "On branch %s, %u file copied in",
                                       "On branch %s, %u files copied in", worktree->n_copied),
                          worktree->branch, worktree->n_copied);
  adw_toast_overlay_add_toast (self->toast_overlay, cairn_toast_new_plain (said));
}

static void
dialog_response_cb (CairnWorktreeDialog *dialog,
                    const char          *response,
                    CairnWindow         *self)
{
  g_autofree char *name = NULL;
  g_autofree char *base = NULL;
  g_autofree char *path = NULL;

  if (!g_str_equal (response, "create") || self->folder == NULL)
    return;
  name = cairn_worktree_dialog_dup_name (dialog);
  base = cairn_worktree_dialog_dup_base (dialog);
  path = g_file_get_path (self->folder);
  g_object_set_data_full (G_OBJECT (self), "worktree-prompt", cairn_worktree_dialog_dup_prompt (dialog), g_free);
  cairn_git_worktree_create_async (path, name, *base ? base : NULL, self->opening, created_cb,
                                   g_object_ref (self));
}

static void
new_worktree_conversation_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);
  CairnWorktreeDialog *dialog;

  if (self->git_repo == NULL)
    return;
  dialog = cairn_worktree_dialog_new (GTK_WINDOW (self), self->git_repo->main_toplevel, self->git_repo->branch,
                                      self->git_repo->dirty);
  g_signal_connect_object (dialog, "response", G_CALLBACK (dialog_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
changes_comment_cb (CairnWindow *self,
                    const char  *text)
{
  if (self->page != NULL)
    cairn_page_add_note (self->page, text);
}

static void
changes_merge_cb (CairnWindow *self)
{
  _cairn_window_merge (self);
}

/* The Changes pane is made the first time it is shown, not with the
 * window: its three source views, their buffers and its file list were a
 * good part of what the window built, styled and measured before its
 * first frame (15-35 ms on this machine), for a pane most windows never
 * open. */
static void
ensure_changes_pane (CairnWindow *self)
{
  if (self->changes_pane != NULL)
    return;
  self->changes_pane = g_object_new (CAIRN_TYPE_CHANGES_PANE, "hexpand", TRUE, NULL);
  g_signal_connect_object (self->changes_pane, "comment", G_CALLBACK (changes_comment_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->changes_pane, "merge", G_CALLBACK (changes_merge_cb), self, G_CONNECT_SWAPPED);
  cairn_changes_pane_set_session (self->changes_pane, self->session);
  gtk_box_append (self->changes_box, GTK_WIDGET (self->changes_pane));
}

static void
changes_revealed_cb (CairnWindow *self)
{
  gboolean shown = gtk_revealer_get_reveal_child (self->changes_revealer);

  if (shown)
    ensure_changes_pane (self);
  if (self->changes_pane != NULL)
    cairn_changes_pane_set_active (self->changes_pane, shown);
}

static void
toggle_changes_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);

  if (gtk_widget_get_visible (GTK_WIDGET (self->changes_button)))
    gtk_toggle_button_set_active (self->changes_button, !gtk_toggle_button_get_active (self->changes_button));
}

void
_cairn_window_class_init_worktree (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, changes_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, changes_revealer);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, changes_box);
  gtk_widget_class_bind_template_callback (widget_class, changes_revealed_cb);
  gtk_widget_class_install_action (widget_class, "win.toggle-changes", NULL, toggle_changes_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_D, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.toggle-changes", NULL);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, worktree_button);
  gtk_widget_class_install_action (widget_class, "win.new-worktree-conversation", NULL,
                                   new_worktree_conversation_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_N, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.new-worktree-conversation", NULL);
}
