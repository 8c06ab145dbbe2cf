/* cairn-window-history.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "widgets/cairn-plain-text.h"
#include "widgets/cairn-terminal.h"
#include "window/cairn-window-private.h"
#include "history/cairn-history-edit.h"
#include "history/cairn-history-paths.h"
#include "search/cairn-search-hit.h"
#include "search/cairn-search-locate.h"

/* The window's project: its folder, its conversations in the sidebar
 * (open, rename, delete with undo), the conversation it showed last,
 * search, and the start page when there is no project. */

static GFile *
remembered_conversation (CairnWindow *self)
{
  g_autofree char *cwd = g_file_get_path (self->folder);
  g_autofree char *session_id = cairn_settings_dup_last_conversation (self->settings, cwd);
  g_autoptr(GFile) folder = NULL;
  g_autofree char *name = NULL;

  if (session_id == NULL)
    return NULL;
  folder = cairn_history_project_folder (cwd);
  name = g_strdup_printf ("%s.jsonl", session_id);
  return g_file_get_child (folder, name);
}

/**
 * _cairn_window_load_project:
 *
 * The folder changed: the sidebar lists its conversations, and the one
 * shown last opens again (a new one when there is none). Without a folder
 * the start page lists the projects.
 */
void
_cairn_window_load_project (CairnWindow *self)
{
  CairnHistoryIndex *index = self->history;
  g_autofree char *cwd = self->folder ? g_file_get_path (self->folder) : NULL;
  g_autoptr(GFile) last = NULL;

  if (self->folder == NULL)
    {
      cairn_start_page_set_model (self->start_page, cairn_history_index_get_projects (index));
      cairn_history_index_refresh_projects (index);
      return;
    }
  _cairn_window_list_conversations (self);
  cairn_sidebar_set_loading (self->sidebar, !cairn_history_index_get_listed (index, cwd));
  cairn_sidebar_set_unreadable (self->sidebar, cairn_history_index_get_unreadable (index, cwd));
  last = remembered_conversation (self);
  if (last != NULL && g_file_query_exists (last, NULL))
    cairn_window_open_conversation (self, last);
  else
    _cairn_window_start_new_conversation (self);
}

/* The project's list was read whole: until then the sidebar says it is
 * loading, not that there are no conversations; then it says what it
 * could not read. */
static void
history_listed_cb (CairnWindow       *self,
                   const char        *cwd,
                   CairnHistoryIndex *index)
{
  g_autofree char *ours = self->folder ? g_file_get_path (self->folder) : NULL;

  if (g_strcmp0 (ours, cwd) != 0)
    return;
  cairn_sidebar_set_loading (self->sidebar, FALSE);
  cairn_sidebar_set_unreadable (self->sidebar, cairn_history_index_get_unreadable (index, cwd));
}

/**
 * _cairn_window_watch_history:
 *
 * Follows the listing of the project's conversations (once the window
 * has its history index).
 */
void
_cairn_window_watch_history (CairnWindow *self)
{
  g_signal_connect_object (self->history, "conversations-listed", G_CALLBACK (history_listed_cb), self, G_CONNECT_SWAPPED);
}

/* Scrolls @page to the row a search hit led to, and marks it. */
static gboolean
show_located_item (CairnWindow *self,
                   CairnPage   *page)
{
  g_autofree char *query = g_steal_pointer (&self->locate_query);
  CairnTranscript *transcript = cairn_session_get_transcript (cairn_page_get_session (page));
  g_autoptr(CairnItem) item = NULL;
  guint position;

  if (query == NULL || !cairn_search_locate_item (transcript, query, self->locate_nth, &position))
    return FALSE;
  item = g_list_model_get_item (G_LIST_MODEL (transcript), position);
  cairn_item_set_highlighted (item, TRUE);
  cairn_page_show_item (page, position);
  return TRUE;
}

static void
conversation_opened_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(CairnWindow) self = user_data;
  CairnSession *session = CAIRN_SESSION (source);
  g_autoptr(GError) error = NULL;
  CairnPage *page = self->page;

  /* a failure is shown in the conversation itself; one read while
   * another was shown waits where it was read */
  if (!cairn_session_open_conversation_finish (session, result, &error) ||
      page == NULL || cairn_page_get_session (page) != session)
    return;
  _cairn_window_report_opened (self);
  /* one with nothing to show holds nothing back */
  cairn_page_release_history (page);
  cairn_sidebar_select_session_id (self->sidebar, cairn_session_get_session_id (session));
  if (!show_located_item (self, page))
    cairn_page_follow_output (page);
}

/* "<id>.jsonl": the conversation's session id */
static char *
session_id_of_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return g_str_has_suffix (name, ".jsonl") ? g_strndup (name, strlen (name) - strlen (".jsonl")) : NULL;
}

static gboolean
shown_in_another_window (CairnWindow *self,
                         const char  *session_id)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l != NULL; l = l->next)
    if (l->data != (gpointer)self && CAIRN_IS_WINDOW (l->data) &&
        cairn_window_show_conversation (l->data, session_id))
      return TRUE;
  return FALSE;
}

/**
 * cairn_window_open_conversation:
 * @file: a conversation's session file, in this window's project
 *
 * Shows the stored conversation: its page when it is open already (it
 * may be running), else a new page that reads it; no process starts
 * until the user sends something, which resumes it.
 */
void
cairn_window_open_conversation (CairnWindow *self,
                                GFile       *file)
{
  g_autofree char *session_id = NULL;
  g_autofree char *cwd = NULL;
  CairnSession *session;
  CairnPage *page;

  g_return_if_fail (CAIRN_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  session_id = session_id_of_file (file);
  /* open in another window: shown there, never a second process */
  if (shown_in_another_window (self, session_id))
    return;
  if ((page = _cairn_window_find_page (self, session_id)) != NULL)
    {
      _cairn_window_show_page (self, page);
      if (!show_located_item (self, page))
        cairn_page_follow_output (page);
      return;
    }
  /* it takes the place of a new conversation nothing was written in */
  if (self->page != NULL && cairn_page_is_fresh (self->page))
    _cairn_window_close_page (self, self->page);
  /* one of the project's worktrees resumes there (cairn-window-worktree.c) */
  cwd = _cairn_window_cwd_of (self, file);
  if ((session = _cairn_window_show_new_session_in (self, cwd)) == NULL)
    return;
  _cairn_window_watch_last_screen (self, self->page);
  cairn_page_hold_history (self->page);
  cairn_session_open_conversation_async (session, file, self->opening, conversation_opened_cb,
                                         g_object_ref (self));
}

static void
latest_listed_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  CairnWindow *self = CAIRN_WINDOW (source);
  g_autoptr(GPtrArray) infos = g_task_propagate_pointer (G_TASK (result), NULL);
  GFile *folder = user_data;

  if (infos != NULL && infos->len > 0 && self->folder != NULL && g_file_equal (folder, self->folder))
    cairn_window_open_conversation (self, cairn_conversation_info_get_file (g_ptr_array_index (infos, 0)));
}

static void
list_latest_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  CairnWindow *self = source_object;
  g_autofree char *cwd = g_file_get_path (task_data);
  g_autoptr(GFile) folder = cairn_history_project_folder (cwd);

  g_task_return_pointer (task, cairn_history_index_list_folder (self->history, folder, cancellable),
                         (GDestroyNotify)g_ptr_array_unref);
}

/**
 * cairn_window_open_latest:
 *
 * Shows the project's most recent conversation (`cairn --continue`), once
 * it is known.
 */
void
cairn_window_open_latest (CairnWindow *self)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (CAIRN_IS_WINDOW (self));

  if (self->folder == NULL)
    return;
  task = g_task_new (self, NULL, latest_listed_cb, g_object_ref (self->folder));
  g_task_set_task_data (task, g_object_ref (self->folder), g_object_unref);
  g_task_run_in_thread (task, list_latest_thread);
}

static void
start_page_folder_chosen_cb (CairnWindow    *self,
                             GFile          *folder,
                             CairnStartPage *page)
{
  cairn_window_set_folder (self, folder);
}

static void
sidebar_activated_cb (CairnWindow  *self,
                      GObject      *conversation,
                      CairnSidebar *sidebar)
{
  g_autoptr(GFile) file = NULL;

  g_object_get (conversation, "file", &file, NULL);
  if (file != NULL)
    cairn_window_open_conversation (self, file);
}

/* This project's folder of the CLI's history, or all of them. */
static GPtrArray *
history_folders (CairnWindow *self,
                 gboolean     all_projects)
{
  g_autofree char *cwd = g_file_get_path (self->folder);
  g_autoptr(GFile) root = cairn_history_projects_dir ();
  g_autofree char *root_path = g_file_get_path (root);
  GPtrArray *folders = g_ptr_array_new_with_free_func (g_object_unref);

  if (all_projects)
    {
      g_autoptr(GDir) dir = g_dir_open (root_path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        g_ptr_array_add (folders, g_file_get_child (root, name));
      return folders;
    }
  g_ptr_array_add (folders, cairn_history_project_folder (cwd));
  return folders;
}

static void
sidebar_search_changed_cb (CairnWindow  *self,
                           const char   *query,
                           gboolean      all_projects,
                           CairnSidebar *sidebar)
{
  g_autoptr(GPtrArray) folders = NULL;

  if (self->folder == NULL)
    return;
  folders = history_folders (self, all_projects);
  cairn_search_start (self->search, query, folders);
}

/* Which of the hits in its conversation @hit is, counted from the top. */
static guint
hit_rank_in_conversation (CairnWindow    *self,
                          CairnSearchHit *hit)
{
  GListModel *hits = cairn_search_get_hits (self->search);
  guint rank = 0;

  for (guint i = 0; i < g_list_model_get_n_items (hits); i++)
    {
      g_autoptr(CairnSearchHit) other = g_list_model_get_item (hits, i);
      if (other == hit)
        break;
      if (g_file_equal (cairn_search_hit_get_file (other), cairn_search_hit_get_file (hit)))
        rank++;
    }
  return rank;
}

static void
info_read_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  GError *error = NULL;
  CairnConversationInfo *info = cairn_conversation_info_read (task_data, cancellable, &error);

  if (info != NULL)
    g_task_return_pointer (task, info, g_object_unref);
  else if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("This is no conversation"));
}

static void
project_found_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  CairnWindow *self = CAIRN_WINDOW (source);
  g_autoptr(CairnConversationInfo) info = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autoptr(GFile) folder = NULL;

  if (info == NULL || cairn_conversation_info_get_cwd (info) == NULL)
    return;
  folder = g_file_new_for_path (cairn_conversation_info_get_cwd (info));
  cairn_window_set_folder (self, folder);
  cairn_window_open_conversation (self, cairn_conversation_info_get_file (info));
}

/* A conversation of another project opens in that project, whose folder
 * its lines name (read in a thread). */
static void
open_in_its_project (CairnWindow *self,
                     GFile       *file)
{
  g_autofree char *cwd = self->folder ? g_file_get_path (self->folder) : NULL;
  g_autoptr(GFile) here = cwd ? cairn_history_project_folder (cwd) : NULL;
  g_autoptr(GFile) there = g_file_get_parent (file);
  g_autoptr(GTask) task = NULL;

  if (here != NULL && g_file_equal (here, there))
    {
      cairn_window_open_conversation (self, file);
      return;
    }
  task = g_task_new (self, NULL, project_found_cb, NULL);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, info_read_thread);
}

static void
sidebar_hit_activated_cb (CairnWindow    *self,
                          CairnSearchHit *hit,
                          CairnSidebar   *sidebar)
{
  const char *snippet = cairn_search_hit_get_snippet (hit);
  g_autofree char *match = g_strndup (snippet + cairn_search_hit_get_match_start (hit),
                                      cairn_search_hit_get_match_length (hit));

  cairn_window_open_at_match (self, cairn_search_hit_get_file (hit), match, hit_rank_in_conversation (self, hit));
}

/**
 * cairn_window_open_at_match:
 * @file: a conversation's session file, of any project
 * @query: (nullable): the words found in it
 * @nth: which of its rows that say @query to show, from the top
 *
 * Opens the conversation as a search hit does (Ctrl+K, or GNOME Shell's
 * search): in its own project, at the row that says @query, marked.
 */
void
cairn_window_open_at_match (CairnWindow *self,
                            GFile       *file,
                            const char  *query,
                            guint        nth)
{
  g_return_if_fail (CAIRN_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  g_free (self->locate_query);
  self->locate_query = query && *query ? g_strdup (query) : NULL;
  self->locate_nth = nth;
  open_in_its_project (self, file);
}

/**
 * cairn_window_search_for:
 *
 * Shows the sidebar searching all projects for @text.
 * Returns: %FALSE when the window has no project to search from
 */
gboolean
cairn_window_search_for (CairnWindow *self,
                         const char  *text)
{
  g_return_val_if_fail (CAIRN_IS_WINDOW (self), FALSE);

  if (self->folder == NULL)
    return FALSE;
  adw_flap_set_reveal_flap (self->flap, TRUE);
  cairn_sidebar_search_for (self->sidebar, text, TRUE);
  return TRUE;
}

/**
 * cairn_window_get_folder:
 *
 * Returns: (transfer none) (nullable): the window's project
 */
GFile *
cairn_window_get_folder (CairnWindow *self)
{
  g_return_val_if_fail (CAIRN_IS_WINDOW (self), NULL);

  return self->folder;
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);

  if (self->folder == NULL)
    return;
  adw_flap_set_reveal_flap (self->flap, TRUE);
  cairn_sidebar_focus_search (self->sidebar);
}


/* Rename: a dialog with the title to edit. */

static void
renamed_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(CairnWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!cairn_history_rename_finish (result, &error))
    adw_toast_overlay_add_toast (self->toast_overlay, cairn_toast_new_plain (error->message));
}

static void
rename_response_cb (AdwMessageDialog      *dialog,
                    const char            *response,
                    CairnConversationInfo *info)
{
  CairnWindow *self = CAIRN_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autofree char *title = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  if (g_strcmp0 (response, "rename") != 0 || *title == '\0')
    return;
  cairn_conversation_info_set_title (info, title);
  cairn_history_rename_async (cairn_conversation_info_get_file (info), title, NULL, renamed_cb,
                              g_object_ref (self));
}

static void
sidebar_rename_cb (CairnWindow           *self,
                   CairnConversationInfo *info,
                   CairnSidebar          *sidebar)
{
  GtkWidget *entry = gtk_entry_new ();
  AdwMessageDialog *dialog =
    ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Rename Conversation"),
                                                _("The new name shows in Cairn and in Claude Code.")));

  gtk_editable_set_text (GTK_EDITABLE (entry), cairn_conversation_info_get_title (info));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Name"), -1);
  adw_message_dialog_set_extra_child (dialog, entry);
  /* no mnemonics: GTK 4.8 would name the buttons "_Rename Rename" */
  adw_message_dialog_add_responses (dialog, "cancel", _("Cancel"), "rename", _("Rename"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "rename", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "rename");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (rename_response_cb), g_object_ref (info),
                         (GClosureNotify)(void (*) (void))g_object_unref, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

/* Delete: to the Trash, with Undo in a toast. */

static void
restored_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(CairnWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!cairn_history_restore_finish (result, &error))
    adw_toast_overlay_add_toast (self->toast_overlay, cairn_toast_new_plain (error->message));
}

static void
undo_delete_cb (AdwToast    *toast,
                CairnWindow *self)
{
  GFile *file = g_object_get_data (G_OBJECT (toast), "file");

  cairn_history_index_forget (self->history, file);
  cairn_history_restore_async (file, NULL, restored_cb, g_object_ref (self));
}

static void
trashed_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(CairnWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  AdwToast *toast;

  if (!cairn_session_trash_finish (result, &error))
    {
      adw_toast_overlay_add_toast (self->toast_overlay, cairn_toast_new_plain (error->message));
      return;
    }
  toast = adw_toast_new (_("Conversation moved to the Trash"));
  adw_toast_set_button_label (toast, _("Undo"));
  g_object_set_data_full (G_OBJECT (toast), "file", g_object_ref (source), g_object_unref);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (undo_delete_cb), self, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* Straight to the Trash, with Undo in a toast. */
static void
delete_now (CairnWindow           *self,
            CairnConversationInfo *info)
{
  GFile *file = cairn_conversation_info_get_file (info);
  CairnPage *page = _cairn_window_find_page (self, cairn_conversation_info_get_session_id (info));
  gboolean shown = page != NULL && page == self->page;

  g_autoptr(CairnSession) session = page ? g_object_ref (cairn_page_get_session (page)) : NULL;

  /* a conversation can't go on while its file is in the Trash; its CLI
   * is waited for first, as one still exiting may write the file again */
  if (page != NULL)
    _cairn_window_close_page (self, page);
  if (shown)
    _cairn_window_start_new_conversation (self);
  if (session != NULL)
    cairn_session_trash_async (session, file, NULL, trashed_cb, g_object_ref (self));
  else
    cairn_history_trash_async (file, NULL, trashed_cb, g_object_ref (self));
}

/* The terminal's Claude Code, too, may write the file as it exits: the
 * conversation goes once it has ended. */
static void
terminal_ended_cb (CairnPage             *page,
                   int                    kind,
                   int                    status,
                   CairnConversationInfo *info)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (page));

  g_signal_handlers_disconnect_by_func (page, terminal_ended_cb, info);
  if (CAIRN_IS_WINDOW (root))
    delete_now (CAIRN_WINDOW (root), info);
}

static void
delete_response_cb (AdwMessageDialog      *dialog,
                    const char            *response,
                    CairnConversationInfo *info)
{
  CairnWindow *self = CAIRN_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  CairnPage *page = _cairn_window_find_page (self, cairn_conversation_info_get_session_id (info));

  if (g_strcmp0 (response, "delete") != 0)
    return;
  if (page != NULL && cairn_page_get_terminal_running (page))
    {
      g_signal_connect_data (page, "terminal-exited", G_CALLBACK (terminal_ended_cb), g_object_ref (info),
                             (GClosureNotify)(void (*) (void))g_object_unref, 0);
      cairn_terminal_terminate (cairn_page_get_terminal (page));
      return;
    }
  delete_now (self, info);
}

/* Delete of a conversation that works, waits for the user or whose
 * terminal pane runs something asks first, as closing the window does. */
static void
sidebar_delete_cb (CairnWindow           *self,
                   CairnConversationInfo *info,
                   CairnSidebar          *sidebar)
{
  CairnPage *page = _cairn_window_find_page (self, cairn_conversation_info_get_session_id (info));
  g_autofree char *title = page ? _cairn_window_dup_cut_off_title (page) : NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (title == NULL)
    {
      delete_now (self, info);
      return;
    }
  /* Translators: a conversation's title, then what Delete does to it */
  body = g_strdup_printf (_("• %s\nIt is stopped, then moved to the Trash."), title);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Stop and Delete the Conversation?"),
                                                       body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "delete", _("_Stop and Delete"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "delete", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (delete_response_cb), g_object_ref (info),
                         (GClosureNotify)(void (*) (void))g_object_unref, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * _cairn_window_class_init_history:
 *
 * The template callbacks, actions and keys of the project half.
 */
void
_cairn_window_class_init_history (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, start_page_folder_chosen_cb);
  gtk_widget_class_bind_template_callback (widget_class, sidebar_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, sidebar_rename_cb);
  gtk_widget_class_bind_template_callback (widget_class, sidebar_delete_cb);
  gtk_widget_class_bind_template_callback (widget_class, sidebar_search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, sidebar_hit_activated_cb);
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_k, GDK_CONTROL_MASK, "win.search", NULL);
}

/**
 * _cairn_window_show_folder:
 *
 * The title names the folder. Without a folder the window shows the start
 * page and nothing that belongs to a conversation.
 */
void
_cairn_window_show_folder (CairnWindow *self)
{
  g_autofree char *name = self->folder ? g_file_get_basename (self->folder) : NULL;
  g_autofree char *path = self->folder ? g_file_get_parse_name (self->folder) : NULL;
  g_autofree char *window_title = NULL;
  GtkWidget *conversation_controls[] = {
    self->sidebar_button, self->new_button, self->worktree_button, GTK_WIDGET (self->changes_button),
    GTK_WIDGET (self->model_button),
    GTK_WIDGET (self->mode_button), GTK_WIDGET (self->usage_button),
  };

  for (guint i = 0; i < G_N_ELEMENTS (conversation_controls); i++)
    gtk_widget_set_visible (conversation_controls[i], self->folder != NULL);
  if (self->folder == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), "Cairn");
      adw_window_title_set_title (self->window_title, "Cairn");
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_stack_set_visible_child_name (self->main_stack, "start");
      return;
    }
  window_title = g_strdup_printf (_("%s — Cairn"), name);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
  adw_window_title_set_title (self->window_title, name);
  adw_window_title_set_subtitle (self->window_title, path);
}

/**
 * cairn_window_set_folder:
 * @folder: (nullable): the project, or %NULL for the start page
 *
 * Shows @folder's conversations and a new conversation in it.
 */
void
cairn_window_set_folder (CairnWindow *self,
                         GFile       *folder)
{
  g_return_if_fail (CAIRN_IS_WINDOW (self));

  if (!g_set_object (&self->folder, folder))
    return;
  _cairn_window_close_all_pages (self);
  _cairn_window_show_folder (self);
  g_object_notify (G_OBJECT (self), "folder");
  _cairn_window_load_project (self);
  _cairn_window_probe_git (self);
}
