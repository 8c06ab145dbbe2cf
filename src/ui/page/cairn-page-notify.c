/* cairn-page-notify.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-page"

#include "config.h"

#include <glib/gi18n.h>

#include "page/cairn-page-private.h"
#include "widgets/cairn-plain-text.h"
#include "transcript/cairn-text-item.h"

/* A turn that ends out of sight (its conversation not shown, or the
 * window not focused) is said in a desktop notification, which shows the
 * conversation when clicked (app.show-conversation). The setting
 * "notify-turn-end" turns it off. */

#define TITLE_CHARS 60

/**
 * cairn_page_dup_title:
 *
 * What the conversation is called in a notification or a question: its
 * first prompt's first line, shortened.
 */
char *
cairn_page_dup_title (CairnPage *self)
{
  GListModel *items = G_LIST_MODEL (cairn_session_get_transcript (self->session));

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (items, i);
      g_autofree char *line = NULL;
      const char *text;

      if (cairn_item_get_kind (item) != CAIRN_ITEM_KIND_USER ||
          (text = cairn_text_item_get_text (CAIRN_TEXT_ITEM (item))) == NULL || *text == '\0')
        continue;
      line = g_strndup (text, strcspn (text, "\n"));
      if (g_utf8_strlen (line, -1) <= TITLE_CHARS)
        return g_steal_pointer (&line);
      return g_strdup_printf ("%.*s…", (int)(g_utf8_offset_to_pointer (line, TITLE_CHARS) - line), line);
    }
  return g_strdup (_("New conversation"));
}

static gboolean
out_of_sight (CairnPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return !self->shown || !GTK_IS_WINDOW (root) || !gtk_window_is_active (GTK_WINDOW (root));
}

/**
 * _cairn_page_notify_turn_end:
 *
 * The turn just ended: says so when nobody is looking.
 */
void
_cairn_page_notify_turn_end (CairnPage *self)
{
  GApplication *app = g_application_get_default ();
  const char *session_id = cairn_session_get_session_id (self->session);
  g_autoptr(GNotification) notification = NULL;
  g_autofree char *title = NULL;
  g_autofree char *id = NULL;

  if (app == NULL || session_id == NULL || !out_of_sight (self) ||
      (self->settings != NULL && !cairn_settings_get_notify_turn_end (self->settings)))
    return;
  title = cairn_page_dup_title (self);
  notification = g_notification_new (_("Claude finished"));
  cairn_notification_set_plain_body (notification, title);
  g_notification_set_default_action_and_target (notification, "app.show-conversation", "s", session_id);
  /* one per conversation: a newer turn's replaces it */
  id = g_strdup_printf ("turn-%s", session_id);
  g_application_send_notification (app, id, notification);
}
