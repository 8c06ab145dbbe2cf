/* cairn-window-merge.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include <glib/gi18n.h>

#include "git/cairn-git.h"
#include "git/cairn-git-merge.h"
#include "history/cairn-history-paths.h"
#include "widgets/cairn-plain-text.h"
#include "window/cairn-window-private.h"

/* Merge back, from the Changes pane of a worktree conversation: squash
 * (the default, its message the conversation's title, editable), merge,
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
  GtkEditable *message;
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

  if (!g_str_equal (response, "merge"))
    {
      merge_request_free (request);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    if (gtk_check_button_get_active (request->choices[i]))
      request->mode = modes[i].mode;
  message = g_strstrip (g_strdup (gtk_editable_get_text (request->message)));
  cairn_git_merge_async (request->worktree, request->mode, *message ? message : request->branch, NULL,
                         merged_cb, request);
}

static GtkWidget *
merge_options_new (MergeRequest *request,
                   const char   *title)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), title);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Commit message"), -1);
  gtk_box_append (GTK_BOX (box), entry);
  request->message = GTK_EDITABLE (entry);
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
  const CairnGitChanges *changes = cairn_changes_pane_get_changes (self->changes_pane);
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
