/* cairn-notice-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-notice-row"

#include "config.h"

#include <glib/gi18n.h>

#include "transcript/cairn-notice-item.h"
#include "rows/cairn-notice-row.h"

/* A quiet line: what happened, and for items Cairn keeps without rendering
 * them, the CLI's raw JSON behind a collapsed expander. */
struct _CairnNoticeRow
{
  CairnItemRow  parent_instance;
  GtkImage     *icon;
  GtkLabel     *title_label;
  GtkLabel     *body_label;
  GtkExpander  *raw_expander;
  GtkLabel     *raw_label;
  GtkButton    *action_button;
};

G_DEFINE_FINAL_TYPE (CairnNoticeRow, cairn_notice_row, CAIRN_TYPE_ITEM_ROW)

static const char *
severity_icon (CairnNoticeSeverity severity)
{
  switch (severity)
    {
    case CAIRN_NOTICE_ERROR:
      return "dialog-error-symbolic";

    case CAIRN_NOTICE_WARNING:
      return "dialog-warning-symbolic";

    case CAIRN_NOTICE_INFO:
    default:
      return "dialog-information-symbolic";
    }
}

/* Not Adwaita's .error/.warning classes: those colour every label. */
static const char *
severity_class (CairnNoticeSeverity severity)
{
  switch (severity)
    {
    case CAIRN_NOTICE_ERROR:
      return "notice-error";

    case CAIRN_NOTICE_WARNING:
      return "notice-warning";

    case CAIRN_NOTICE_INFO:
    default:
      return "notice-info";
    }
}

static void
cairn_notice_row_bind (CairnItemRow *row,
                       CairnItem    *item)
{
  CairnNoticeRow *self = CAIRN_NOTICE_ROW (row);
  CairnNoticeItem *notice = CAIRN_NOTICE_ITEM (item);
  gboolean raw;
  const char *body;

  if (notice == NULL)
    return;
  raw = cairn_item_get_kind (item) == CAIRN_ITEM_KIND_RAW;
  body = cairn_notice_item_get_body (notice);

  gtk_image_set_from_icon_name (self->icon, severity_icon (cairn_notice_item_get_severity (notice)));
  gtk_label_set_label (self->title_label, cairn_notice_item_get_title (notice));
  gtk_label_set_label (self->body_label, raw ? NULL : body);
  gtk_widget_set_visible (GTK_WIDGET (self->body_label), !raw && body != NULL && *body != '\0');
  gtk_label_set_label (self->raw_label, raw ? body : NULL);
  gtk_expander_set_expanded (self->raw_expander, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->raw_expander), raw);
  gtk_button_set_label (self->action_button, cairn_notice_item_get_action_label (notice));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->action_button), cairn_notice_item_get_action_name (notice));
  gtk_widget_set_visible (GTK_WIDGET (self->action_button), cairn_notice_item_get_action_name (notice) != NULL);
  gtk_widget_set_css_classes (GTK_WIDGET (self),
                              (const char *[]) {
                                severity_class (cairn_notice_item_get_severity (notice)),
                                raw ? "raw" : "notice", NULL });
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  raw ? _("Kept as sent by Claude Code") : _("Notice"), -1);
}

static void
cairn_notice_row_class_init (CairnNoticeRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CairnItemRowClass *row_class = CAIRN_ITEM_ROW_CLASS (klass);

  row_class->bind = cairn_notice_row_bind;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-notice-row.ui");
  gtk_widget_class_set_css_name (widget_class, "noticerow");
  gtk_widget_class_bind_template_child (widget_class, CairnNoticeRow, icon);
  gtk_widget_class_bind_template_child (widget_class, CairnNoticeRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, CairnNoticeRow, body_label);
  gtk_widget_class_bind_template_child (widget_class, CairnNoticeRow, raw_expander);
  gtk_widget_class_bind_template_child (widget_class, CairnNoticeRow, raw_label);
  gtk_widget_class_bind_template_child (widget_class, CairnNoticeRow, action_button);
}

static void
cairn_notice_row_init (CairnNoticeRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
