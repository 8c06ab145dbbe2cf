/* cairn-message-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-message-row"

#include "config.h"

#include <glib/gi18n.h>

#include "cairn-markdown-view.h"
#include "cairn-message-row.h"
#include "cairn-text-item.h"

/* A user prompt (plain text, as typed) or an assistant reply (Markdown).
 * While a reply streams, the text changes per delta, but the row applies
 * it at most once per frame (a tick callback), so a fast stream doesn't
 * re-render and relayout for every few characters. */
struct _CairnMessageRow
{
  CairnItemRow       parent_instance;
  GtkLabel          *author_label;
  GtkLabel          *text_label;
  CairnMarkdownView *markdown;
  gulong             text_handler;
  guint              tick_id;
};

G_DEFINE_FINAL_TYPE (CairnMessageRow, cairn_message_row, CAIRN_TYPE_ITEM_ROW)

static void
show_text (CairnMessageRow *self)
{
  CairnItem *item = cairn_item_row_get_item (CAIRN_ITEM_ROW (self));
  const char *text = item ? cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)) : "";

  if (gtk_widget_get_visible (GTK_WIDGET (self->markdown)))
    cairn_markdown_view_set_markdown (self->markdown, text);
  else
    gtk_label_set_label (self->text_label, text);
}

static gboolean
apply_text_tick (GtkWidget     *widget,
                 GdkFrameClock *clock,
                 gpointer       user_data)
{
  CairnMessageRow *self = CAIRN_MESSAGE_ROW (widget);

  self->tick_id = 0;
  show_text (self);
  return G_SOURCE_REMOVE;
}

static void
text_changed_cb (CairnMessageRow *self)
{
  /* Not on screen: nothing to coalesce, and no frame clock to wait for. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    show_text (self);
  else if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), apply_text_tick, NULL, NULL);
}

static void
stop_following (CairnMessageRow *self)
{
  CairnItem *item = cairn_item_row_get_item (CAIRN_ITEM_ROW (self));

  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  if (item != NULL && self->text_handler != 0)
    g_signal_handler_disconnect (item, self->text_handler);
  self->text_handler = 0;
}

static void
cairn_message_row_unbind (CairnItemRow *row)
{
  stop_following (CAIRN_MESSAGE_ROW (row));
}

static void
cairn_message_row_bind (CairnItemRow *row,
                        CairnItem    *item)
{
  CairnMessageRow *self = CAIRN_MESSAGE_ROW (row);
  gboolean from_user = item != NULL && cairn_item_get_kind (item) == CAIRN_ITEM_KIND_USER;

  gtk_widget_set_visible (GTK_WIDGET (self->text_label), from_user);
  gtk_widget_set_visible (GTK_WIDGET (self->markdown), !from_user);
  if (item != NULL)
    {
      self->text_handler = g_signal_connect_swapped (item, "notify::text",
                                                     G_CALLBACK (text_changed_cb), self);
      show_text (self);
    }

  gtk_label_set_label (self->author_label, from_user ? _("You") : _("Claude"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  from_user ? _("Your message") : _("Claude’s reply"), -1);
  gtk_widget_set_css_classes (GTK_WIDGET (self),
                              (const char *[]) { from_user ? "from-user" : "from-assistant", NULL });
}

static void
cairn_message_row_class_init (CairnMessageRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CairnItemRowClass *row_class = CAIRN_ITEM_ROW_CLASS (klass);

  row_class->bind = cairn_message_row_bind;
  row_class->unbind = cairn_message_row_unbind;

  g_type_ensure (CAIRN_TYPE_TEXT_ITEM);
  g_type_ensure (CAIRN_TYPE_MARKDOWN_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-message-row.ui");
  gtk_widget_class_set_css_name (widget_class, "messagerow");
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, author_label);
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, text_label);
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, markdown);
}

static void
cairn_message_row_init (CairnMessageRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
