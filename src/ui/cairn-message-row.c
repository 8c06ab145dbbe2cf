/* cairn-message-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-message-row"

#include "config.h"

#include <glib/gi18n.h>

#include "cairn-message-row.h"
#include "cairn-text-item.h"

/* A user prompt or an assistant reply; the text follows the item while it
 * streams (bindings in the template). */
struct _CairnMessageRow
{
  CairnItemRow  parent_instance;
  GtkLabel     *author_label;
  GtkLabel     *text_label;
};

G_DEFINE_FINAL_TYPE (CairnMessageRow, cairn_message_row, CAIRN_TYPE_ITEM_ROW)

static void
cairn_message_row_bind (CairnItemRow *row,
                        CairnItem    *item)
{
  CairnMessageRow *self = CAIRN_MESSAGE_ROW (row);
  gboolean from_user = item != NULL && cairn_item_get_kind (item) == CAIRN_ITEM_KIND_USER;

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

  g_type_ensure (CAIRN_TYPE_TEXT_ITEM);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-message-row.ui");
  gtk_widget_class_set_css_name (widget_class, "messagerow");
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, author_label);
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, text_label);
}

static void
cairn_message_row_init (CairnMessageRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
