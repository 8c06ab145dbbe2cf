/* cairn-window-merge.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include <glib/gi18n.h>

#include "app/cairn-settings.h"
#include "git/cairn-git.h"
#include "git/cairn-git-merge.h"
#include "history/cairn-history-paths.h"
#include "protocol/cairn-launcher.h"
#include "session/cairn-commit-message.h"
#include "widgets/cairn-plain-text.h"
#include "window/cairn-window-private.h"

/* Merge back, from the Changes pane of a worktree conversation: squash
 * (the default, its message the conversation's title, editable; Claude
 * can write it, in a CLI run of its own, session/cairn-commit-message.c), merge,
 * rebase, or only commit the work on its branch. A base that moved is said
 * before anything runs. After a merge the worktree and its branch are
 * removed if the user says so; git/ refuses when the worktree holds
 * uncommitted work. The conversation stays in history either way; an open
 * one opens again from there, going on in the main checkout. */

static const struct
{
  CairnGitMergeMode  mode;
  const char        *label;
} modes[] = {
  { CAIRN_GIT_MERGE_SQUASH, N_("_Squash into one commit") },
  { CAIRN_GIT_MERGE_MERGE, N_("_Merge commit") },
  { CAIRN_GIT_MERGE_REBASE, N_("_Rebase onto the base, then fast-forward") },
  { CAIRN_GIT_MERGE_BRANCH_ONLY, N_("Create _Branch Only (commit here, merge nothing)") },
};

typedef struct
{
  CairnWindow *window;
  char        *worktree;
  char        *branch;
  char        *base;
  char        *model;
  GtkTextView *message;
  GtkWidget   *ask_button;
  GtkLabel    *ask_status;
  GCancellable *asking;
  GtkCheckButton *choices[G_N_ELEMENTS (modes)];
  CairnGitMergeMode mode;
} MergeRequest;

static void
merge_request_free (MergeRequest *request)
{
  g_clear_object (&request->window);
  g_free (request->worktree);
  g_free (request->branch);
  g_free (request->base);
  g_free (request->model);
  g_cancellable_cancel (request->asking);
  g_clear_object (&request->asking);
  g_free (request);
}

/* The conversations that worked in @worktree end their CLI there and open
 * again from history: they go on in the main checkout (the window's
 * _cairn_window_cwd_of()), which their toast says. */
static void
reopen_outside (CairnWindow *self,
                const char  *worktree)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) pages = g_ptr_array_new ();

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->page_stack));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      CairnSession *session = cairn_page_get_session (CAIRN_PAGE (child));
      const char *id = cairn_session_get_session_id (session);
      g_autofree char *name = id ? g_strconcat (id, ".jsonl", NULL) : NULL;
      g_autoptr(GFile) folder = NULL;

      if (g_strcmp0 (cairn_session_get_cwd (session), worktree) != 0)
        continue;
      g_ptr_array_add (pages, child);
      folder = cairn_history_project_folder (worktree);
      if (name != NULL)
        g_ptr_array_add (files, g_file_get_child (folder, name));
    }
  for (guint i = 0; i < pages->len; i++)
    _cairn_window_close_page (self, pages->pdata[i]);
  for (guint i = 0; i < files->len; i++)
    cairn_window_open_conversation (self, files->pdata[i]);
}

static void
removed_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  MergeRequest *request = user_data;
  CairnWindow *self = request->window;
  g_autoptr(GError) error = NULL;

  if (!cairn_git_remove_worktree_finish (result, &error))
    _cairn_window_say (self, _("Worktree Kept"), error->message);
  else
    {
      adw_toast_overlay_add_toast (self->toast_overlay,
                                   cairn_toast_new_plain (_("Worktree and branch removed; the conversation "
                                                            "stays in history")));
      reopen_outside (self, request->worktree);
    }
  if (self->changes_pane != NULL)
    cairn_changes_pane_refresh (self->changes_pane);
  _cairn_window_probe_git (self);
  merge_request_free (request);
}

static void
remove_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    MergeRequest     *request)
{
  if (g_str_equal (response, "remove"))
    cairn_git_remove_worktree_async (request->worktree, NULL, removed_cb, request);
  else
    merge_request_free (request);
}

static void
ask_remove (MergeRequest *request)
{
  g_autofree char *body = g_strdup_printf (_("%s and its branch %s are no longer needed once merged. "
                                             "The conversation stays in history."),
                                           request->worktree, request->branch);
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (request->window),
                                                                         _("Remove the Worktree?"), body));

  adw_message_dialog_add_responses (dialog, "keep", _("_Keep"), "remove", _("_Remove"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "remove", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_close_response (dialog, "keep");
  g_signal_connect (dialog, "response", G_CALLBACK (remove_response_cb), request);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
merged_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  MergeRequest *request = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *done = NULL;

  if (request->window->changes_pane != NULL)
    cairn_changes_pane_refresh (request->window->changes_pane);
  if (!cairn_git_merge_finish (result, &error))
    {
      _cairn_window_say (request->window, _("Not Merged"), error->message);
      merge_request_free (request);
      return;
    }
  if (request->mode != CAIRN_GIT_MERGE_BRANCH_ONLY)
    {
      ask_remove (request);
      return;
    }
  done = g_strdup_printf (_("Committed on %s: push it when you like"), request->branch);
  adw_toast_overlay_add_toast (request->window->toast_overlay, cairn_toast_new_plain (done));
  merge_request_free (request);
}

static void
merge_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   MergeRequest     *request)
{
  g_autofree char *message = NULL;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (request->message);
  GtkTextIter start, end;

  g_cancellable_cancel (request->asking);
  if (!g_str_equal (response, "merge"))
    {
      merge_request_free (request);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    if (gtk_check_button_get_active (request->choices[i]))
      request->mode = modes[i].mode;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  message = g_strstrip (gtk_text_buffer_get_text (buffer, &start, &end, FALSE));
  cairn_git_merge_async (request->worktree, request->mode, *message ? message : request->branch, NULL,
                         merged_cb, request);
}

static void
written_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GCancellable) asking = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = cairn_commit_message_write_finish (result, &error);
  MergeRequest *request;

  /* the dialog was answered meanwhile: the request is gone with it */
  if (g_cancellable_is_cancelled (asking))
    return;
  request = g_object_get_data (G_OBJECT (asking), "request");
  gtk_widget_set_sensitive (request->ask_button, TRUE);
  if (message == NULL)
    {
      gtk_label_set_text (request->ask_status, error->message);
      return;
    }
  gtk_label_set_text (request->ask_status, _("Written by Claude: check it before merging"));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (request->message), message, -1);
}

/* Claude writes the message from the diff, in a run of its own: the
 * conversation gets no turn (README, "Worktrees and review"). */
static void
ask_clicked_cb (GtkButton    *button,
                MergeRequest *request)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cli = cairn_launcher_find_cli (cairn_settings_get_cli_path (request->window->settings), &error);
  g_autofree char *title = request->window->page ? cairn_page_dup_title (request->window->page) : NULL;

  if (cli == NULL)
    {
      gtk_label_set_text (request->ask_status, error->message);
      return;
    }
  gtk_widget_set_sensitive (request->ask_button, FALSE);
  gtk_label_set_text (request->ask_status, _("Claude is writing the message…"));
  g_cancellable_cancel (request->asking);
  g_clear_object (&request->asking);
  request->asking = g_cancellable_new ();
  g_object_set_data (G_OBJECT (request->asking), "request", request);
  cairn_commit_message_write_async (cli, request->model, request->worktree, title, request->asking,
                                    written_cb, g_object_ref (request->asking));
}

static GtkWidget *
message_view_new (MergeRequest *request,
                  const char   *title)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view = gtk_text_view_new ();

  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), title, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Commit message"), -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 90);
  gtk_widget_add_css_class (scrolled, "card");
  request->message = GTK_TEXT_VIEW (view);
  return scrolled;
}

static GtkWidget *
ask_row_new (MergeRequest *request)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Ask Claude to Write It"));
  GtkWidget *status = gtk_label_new (NULL);

  gtk_widget_set_tooltip_text (button, _("The conversation's model writes the message from the diff, in a "
                                         "run of its own: nothing is added to the conversation"));
  gtk_label_set_wrap (GTK_LABEL (status), TRUE);
  gtk_label_set_xalign (GTK_LABEL (status), 0);
  gtk_widget_set_hexpand (status, TRUE);
  gtk_widget_add_css_class (status, "dim-label");
  g_signal_connect (button, "clicked", G_CALLBACK (ask_clicked_cb), request);
  gtk_box_append (GTK_BOX (row), button);
  gtk_box_append (GTK_BOX (row), status);
  request->ask_button = button;
  request->ask_status = GTK_LABEL (status);
  return row;
}

static GtkWidget *
merge_options_new (MergeRequest *request,
                   const char   *title)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_box_append (GTK_BOX (box), message_view_new (request, title));
  gtk_box_append (GTK_BOX (box), ask_row_new (request));
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      GtkWidget *check = gtk_check_button_new_with_mnemonic (_(modes[i].label));
      if (i > 0)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), request->choices[0]);
      request->choices[i] = GTK_CHECK_BUTTON (check);
      gtk_box_append (GTK_BOX (box), check);
    }
  gtk_check_button_set_active (request->choices[0], TRUE);
  return box;
}

static char *
merge_body (const CairnGitChanges *changes)
{
  if (changes->base_ahead == 0)
    return g_strdup_printf (_("The work of %s goes into %s, checked out in %s. Uncommitted work in the "
                              "worktree is committed first."), changes->branch, changes->base_name,
                            changes->main_toplevel);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s has moved on by %u commit since this worktree left it. Rebase to "
                                       "replay the work on top of it; a conflict stops with nothing merged.",
                                       "%s has moved on by %u commits since this worktree left it. Rebase to "
                                       "replay the work on top of it; a conflict stops with nothing merged.",
                                       changes->base_ahead),
                          changes->base_name, changes->base_ahead);
}

/**
 * _cairn_window_merge:
 *
 * Asks how to merge the shown conversation's worktree, then does it.
 */
void
_cairn_window_merge (CairnWindow *self)
{
  const CairnGitChanges *changes = self->changes_pane ? cairn_changes_pane_get_changes (self->changes_pane) : NULL;
  g_autofree char *title = self->page ? cairn_page_dup_title (self->page) : NULL;
  g_autofree char *body = NULL;
  MergeRequest *request;
  AdwMessageDialog *dialog;

  if (changes == NULL || !changes->worktree)
    return;
  request = g_new0 (MergeRequest, 1);
  request->window = g_object_ref (self);
  request->worktree = g_strdup (changes->toplevel);
  request->branch = g_strdup (changes->branch);
  request->base = g_strdup (changes->base_name);
  request->model = self->page ? g_strdup (cairn_session_get_model (cairn_page_get_session (self->page))) : NULL;
  body = merge_body (changes);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Merge Back"), body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "merge", _("_Merge"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "merge", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "merge");
  adw_message_dialog_set_close_response (dialog, "cancel");
  adw_message_dialog_set_extra_child (dialog, merge_options_new (request, title && *title ? title : request->branch));
  if (changes->base_ahead > 0)
    gtk_check_button_set_active (request->choices[2], TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (merge_response_cb), request);
  gtk_window_present (GTK_WINDOW (dialog));
}
