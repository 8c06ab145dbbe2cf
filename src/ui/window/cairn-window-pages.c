/* cairn-window-pages.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include <glib/gi18n.h>

#include "window/cairn-window-private.h"
#include "transcript/cairn-result-item.h"

/* The window's pages, one per open conversation: making, finding,
 * showing and closing them, and marking each one's state in the sidebar,
 * so that a conversation working, waiting or done in the background is
 * seen; the id the CLI gives a conversation is remembered for the next
 * time the project opens. */

/* The page of the conversation @session_id in this window, if open. */
CairnPage *
_cairn_window_find_page (CairnWindow *self,
                         const char  *session_id)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->page_stack));
       child != NULL && session_id != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (cairn_session_get_session_id (cairn_page_get_session (CAIRN_PAGE (child))), session_id) == 0)
      return CAIRN_PAGE (child);
  return NULL;
}

CairnPage *
_cairn_window_find_fresh_page (CairnWindow *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->page_stack));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (cairn_page_is_fresh (CAIRN_PAGE (child)))
      return CAIRN_PAGE (child);
  return NULL;
}

/**
 * _cairn_window_show_page:
 *
 * Shows @page's conversation: the header follows its session, and its
 * approvals come up. The page shown before keeps running.
 */
void
_cairn_window_show_page (CairnWindow *self,
                         CairnPage   *page)
{
  CairnPage *before = self->page;

  self->page = page;
  gtk_widget_set_visible (GTK_WIDGET (page), TRUE);
  gtk_stack_set_visible_child (self->page_stack, GTK_WIDGET (page));
  /* a page in the background is hidden, not only covered: assistive
   * technologies and keyboard focus see the one shown */
  if (before != NULL && before != page)
    {
      cairn_page_set_shown (before, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (before), FALSE);
    }
  _cairn_window_set_header_session (self, cairn_page_get_session (page));
  gtk_stack_set_visible_child_name (self->main_stack, "chat");
  cairn_page_set_shown (page, TRUE);
  cairn_sidebar_select_session_id (self->sidebar, cairn_session_get_session_id (cairn_page_get_session (page)));
}

/**
 * _cairn_window_close_page:
 *
 * Ends @page's conversation (its CLI) and drops the page. When it was the
 * one shown, nothing is shown until another page is.
 */
void
_cairn_window_close_page (CairnWindow *self,
                          CairnPage   *page)
{
  CairnSession *session = cairn_page_get_session (page);

  cairn_session_close (session);
  cairn_session_set_remove (self->sessions, session);
  if (cairn_session_get_session_id (session) != NULL)
    cairn_sidebar_set_state (self->sidebar, cairn_session_get_session_id (session), CAIRN_CONVERSATION_QUIET);
  if (self->page == page)
    {
      self->page = NULL;
      _cairn_window_set_header_session (self, NULL);
    }
  gtk_stack_remove (self->page_stack, GTK_WIDGET (page));
}

void
_cairn_window_close_all_pages (CairnWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->page_stack))) != NULL)
    _cairn_window_close_page (self, CAIRN_PAGE (child));
}


/* The last turn ended in an error (its result says so, with Retry). */
static gboolean
last_turn_failed (CairnSession *session)
{
  GListModel *items = G_LIST_MODEL (cairn_session_get_transcript (session));
  guint n = g_list_model_get_n_items (items);
  g_autoptr(CairnItem) last = n > 0 ? g_list_model_get_item (items, n - 1) : NULL;

  return last != NULL && CAIRN_IS_RESULT_ITEM (last) && cairn_result_item_get_is_error (CAIRN_RESULT_ITEM (last));
}

static CairnConversationState
state_of_page (CairnPage *page)
{
  CairnSession *session = cairn_page_get_session (page);

  if (g_list_model_get_n_items (cairn_session_get_pending_requests (session)) > 0)
    return CAIRN_CONVERSATION_WAITING;
  if (cairn_session_get_busy (session))
    return CAIRN_CONVERSATION_WORKING;
  if (last_turn_failed (session))
    return CAIRN_CONVERSATION_FAILED;
  if (cairn_page_get_unseen (page))
    return CAIRN_CONVERSATION_UNSEEN;
  return CAIRN_CONVERSATION_QUIET;
}

static void
update_page_state (CairnWindow *self,
                   CairnPage   *page)
{
  const char *session_id = cairn_session_get_session_id (cairn_page_get_session (page));

  if (session_id != NULL)
    cairn_sidebar_set_state (self->sidebar, session_id, state_of_page (page));
}

static void
page_changed_cb (CairnPage *page)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (page));

  if (CAIRN_IS_WINDOW (root))
    update_page_state (CAIRN_WINDOW (root), page);
}

/**
 * _cairn_window_watch_page:
 *
 * Keeps @page's mark in the sidebar up to date: working, waiting for the
 * user, finished unseen.
 */
void
_cairn_window_watch_page (CairnWindow *self,
                          CairnPage   *page)
{
  CairnSession *session = cairn_page_get_session (page);
  const char *changes[] = { "notify::busy", "notify::session-id" };

  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    g_signal_connect_object (session, changes[i], G_CALLBACK (page_changed_cb), page, G_CONNECT_SWAPPED);
  g_signal_connect_object (cairn_session_get_pending_requests (session), "items-changed",
                           G_CALLBACK (page_changed_cb), page, G_CONNECT_SWAPPED);
  g_signal_connect_object (cairn_session_get_transcript (session), "items-changed",
                           G_CALLBACK (page_changed_cb), page, G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "notify::unseen", G_CALLBACK (page_changed_cb), page, 0);
  update_page_state (self, page);
}

/**
 * cairn_window_show_conversation:
 *
 * Shows the open conversation @session_id and presents the window (from
 * a notification). Returns %FALSE when this window doesn't have it.
 */
gboolean
cairn_window_show_conversation (CairnWindow *self,
                                const char  *session_id)
{
  CairnPage *page;

  g_return_val_if_fail (CAIRN_IS_WINDOW (self), FALSE);

  if ((page = _cairn_window_find_page (self, session_id)) == NULL)
    return FALSE;
  _cairn_window_show_page (self, page);
  gtk_window_present (GTK_WINDOW (self));
  return TRUE;
}

/**
 * _cairn_window_dup_cut_off_title:
 *
 * Returns: (nullable): @page's title when closing it would cut something
 *   off: a turn working or waiting for the user, or what its terminal
 *   pane still runs (said so)
 */
char *
_cairn_window_dup_cut_off_title (CairnPage *page)
{
  CairnConversationState state = state_of_page (page);
  g_autofree char *title = NULL;

  if (state == CAIRN_CONVERSATION_WORKING || state == CAIRN_CONVERSATION_WAITING)
    return cairn_page_dup_title (page);
  if (!cairn_page_get_terminal_running (page))
    return NULL;
  title = cairn_page_dup_title (page);
  /* Translators: a conversation whose terminal pane still runs something */
  return g_strdup_printf (_("%s (terminal)"), title);
}

/* The titles of the conversations that would be cut off. */
static GPtrArray *
dup_working_titles (CairnWindow *self)
{
  GPtrArray *titles = g_ptr_array_new_with_free_func (g_free);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->page_stack));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      char *title = _cairn_window_dup_cut_off_title (CAIRN_PAGE (child));

      if (title != NULL)
        g_ptr_array_add (titles, title);
    }
  return titles;
}

static gboolean
close_confirmed_cb (gpointer user_data)
{
  g_autoptr(CairnWindow) self = user_data;

  gtk_window_close (GTK_WINDOW (self));
  return G_SOURCE_REMOVE;
}

/* The window closes after the dialog's response is over: closed from
 * within it, the window went while the dialog, its transient, was still
 * emitting, and GTK 4.8 then unset the transient parent of a window that
 * was gone (a crash on "Stop and Close"). */
static void
close_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   CairnWindow      *self)
{
  if (g_strcmp0 (response, "close") != 0)
    return;
  self->close_confirmed = TRUE;
  g_idle_add (close_confirmed_cb, g_object_ref (self));
}

/**
 * _cairn_window_confirm_close:
 *
 * Whether the window may close now. With conversations still working it
 * asks first, naming them, and closes itself when told to.
 */
gboolean
_cairn_window_confirm_close (CairnWindow *self)
{
  g_autoptr(GPtrArray) titles = NULL;
  g_autoptr(GString) body = g_string_new (NULL);
  AdwMessageDialog *dialog;
  const char *heading;

  if (self->close_confirmed || (titles = dup_working_titles (self))->len == 0)
    return TRUE;
  for (guint i = 0; i < titles->len; i++)
    g_string_append_printf (body, "%s• %s", i > 0 ? "\n" : "", (char *)g_ptr_array_index (titles, i));
  heading = g_dngettext (GETTEXT_PACKAGE, "Stop the Working Conversation?", "Stop the Working Conversations?",
                         titles->len);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body->str));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "close", _("_Stop and Close"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "close", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return FALSE;
}

/**
 * _cairn_window_add_to_session_set:
 *
 * The application's set of open conversations holds @session too: its
 * process counts towards the limits.
 */
void
_cairn_window_add_to_session_set (CairnWindow  *self,
                                  CairnSession *session)
{
  cairn_session_set_add (self->sessions, session);
}

/* The conversation shown last in this project, to show it again. */
static void
remember_conversation (CairnWindow *self,
                       const char  *session_id)
{
  g_autofree char *cwd = self->folder ? g_file_get_path (self->folder) : NULL;

  cairn_settings_set_last_conversation (self->settings, cwd, session_id);
}

static void
session_id_cb (CairnWindow  *self,
               GParamSpec   *pspec,
               CairnSession *session)
{
  if (session == self->session)
    {
      remember_conversation (self, cairn_session_get_session_id (session));
      cairn_sidebar_select_session_id (self->sidebar, cairn_session_get_session_id (session));
    }
}

/* Follows @session's id to remember it and select it in the sidebar. */
static void
track_session (CairnWindow  *self,
               CairnSession *session)
{
  g_signal_connect_object (session, "notify::session-id", G_CALLBACK (session_id_cb), self,
                           G_CONNECT_SWAPPED);
}

/* Settings that apply when the CLI starts: the mode and protocol logging
 * (CAIRN_DEBUG_PROTOCOL wins over the setting). */
static void
configure_session (CairnWindow  *self,
                   CairnSession *session)
{
  const char *debug_dir = cairn_settings_get_debug_protocol_dir (self->settings);
  const char *from_env = g_getenv ("CAIRN_DEBUG_PROTOCOL");
  g_autoptr(GError) error = NULL;

  cairn_session_set_start_mode (session, cairn_settings_get_default_permission_mode (self->settings));
  cairn_session_set_supervised (session, cairn_settings_get_supervised (self->settings));
  if (!cairn_session_set_debug_dir (session, from_env ? from_env : debug_dir, &error))
    g_warning ("Protocol log not written: %s", error->message);
}

/* A page made a branch of its conversation: it goes on in a page of its
 * own, the prompt it branched at ready to be edited. */
static void
page_branched_cb (CairnWindow  *self,
                  CairnSession *branch,
                  const char   *text,
                  CairnPage    *page)
{
  CairnPage *new_page = _cairn_window_add_page (self, branch);

  cairn_page_edit_text (new_page, text);
}

/* A session for this folder on a page of its own, shown, not started. */
CairnSession *
_cairn_window_show_new_session (CairnWindow *self)
{
  g_autofree char *cwd = g_file_get_path (self->folder);

  return _cairn_window_show_new_session_in (self, cwd);
}

/**
 * _cairn_window_show_new_session_in:
 * @cwd: where the conversation works (the project, or a worktree of it)
 */
CairnSession *
_cairn_window_show_new_session_in (CairnWindow *self,
                                   const char  *cwd)
{
  g_autofree char *cli = _cairn_window_find_cli (self);
  g_autoptr(CairnSession) session = NULL;
  CairnPage *page;

  if (cli == NULL)
    return NULL;
  session = cairn_session_new (cwd, cli);
  configure_session (self, session);
  page = _cairn_window_add_page (self, session);
  cairn_page_focus_composer (page);
  return session;
}

/**
 * _cairn_window_add_page:
 *
 * A page for @session (a new conversation, or a branch of one), shown.
 */
CairnPage *
_cairn_window_add_page (CairnWindow  *self,
                        CairnSession *session)
{
  CairnPage *page = cairn_page_new (session, self->drafts, self->settings);

  g_signal_connect_object (page, "branched", G_CALLBACK (page_branched_cb), self, G_CONNECT_SWAPPED);
  gtk_stack_add_child (self->page_stack, GTK_WIDGET (page));
  _cairn_window_add_to_session_set (self, session);
  _cairn_window_watch_page (self, page);
  _cairn_window_watch_signin (self, page);
  _cairn_window_show_page (self, page);
  track_session (self, session);
  return page;
}

/* A fresh conversation: the CLI starts at once, so the header can offer
 * its models before the first prompt. One not written in yet is shown
 * again rather than another made. */
void
_cairn_window_start_new_conversation (CairnWindow *self)
{
  CairnPage *fresh = _cairn_window_find_fresh_page (self);
  CairnSession *session;

  if (fresh != NULL)
    {
      _cairn_window_show_page (self, fresh);
      cairn_page_focus_composer (fresh);
      return;
    }
  if ((session = _cairn_window_show_new_session (self)) == NULL)
    return;
  cairn_session_start (session);
  cairn_sidebar_select_session_id (self->sidebar, NULL);
}

static CairnPage *
find_page_with_request (CairnWindow *self,
                        const char  *request_id)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->page_stack));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (cairn_page_has_request (CAIRN_PAGE (child), request_id))
      return CAIRN_PAGE (child);
  return NULL;
}

/**
 * cairn_window_review_request:
 *
 * Shows the conversation of a pending approval and its dialog (from a
 * notification; its Allow and Deny go to the application's session set).
 * Returns %FALSE when the request isn't one of this window's.
 */
gboolean
cairn_window_review_request (CairnWindow *self,
                             const char  *request_id)
{
  CairnPage *page;

  g_return_val_if_fail (CAIRN_IS_WINDOW (self), FALSE);

  if ((page = find_page_with_request (self, request_id)) == NULL)
    return FALSE;
  _cairn_window_show_page (self, page);
  gtk_window_present (GTK_WINDOW (self));
  return cairn_page_answer_request (page, "review", request_id);
}
