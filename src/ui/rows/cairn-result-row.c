/* cairn-result-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-result-row"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-util.h"
#include "transcript/cairn-result-item.h"
#include "rows/cairn-result-row.h"

/* The end of a turn: how long it took, tokens and cost, or the error. */
struct _CairnResultRow
{
  CairnItemRow  parent_instance;
  GtkImage     *icon;
  GtkLabel     *message_label;
  GtkLabel     *figures_label;
  GtkWidget    *retry_button;
  GBinding     *retry_binding;
};

G_DEFINE_FINAL_TYPE (CairnResultRow, cairn_result_row, CAIRN_TYPE_ITEM_ROW)

/* Duration always; tokens and cost only when the turn used any (an
 * interrupted or failed turn reports zeros, which say nothing). */
static char *
format_figures (CairnResultItem *item)
{
  gint64 in = cairn_result_item_get_input_tokens (item);
  gint64 out = cairn_result_item_get_output_tokens (item);
  double cost = cairn_result_item_get_cost_usd (item);
  GString *figures = g_string_new (NULL);
  g_autofree char *duration = cairn_format_duration (cairn_result_item_get_duration_ms (item));

  g_string_append (figures, duration);
  if (in > 0 || out > 0)
    {
      g_autofree char *in_text = g_strdup_printf ("%" G_GINT64_FORMAT, in);
      g_autofree char *out_text = g_strdup_printf ("%" G_GINT64_FORMAT, out);
      g_string_append_printf (figures, _(" · %s tokens in, %s out"), in_text, out_text);
    }
  if (cost > 0)
    g_string_append_printf (figures, " · $%.4f", cost);
  return g_string_free (figures, FALSE);
}

static void
cairn_result_row_bind (CairnItemRow *row,
                       CairnItem    *item)
{
  CairnResultRow *self = CAIRN_RESULT_ROW (row);
  CairnResultItem *result = CAIRN_RESULT_ITEM (item);
  g_autofree char *figures = NULL;
  gboolean is_error;

  if (result == NULL)
    return;
  is_error = cairn_result_item_get_is_error (result);
  figures = format_figures (result);
  gtk_image_set_from_icon_name (self->icon, is_error ? "dialog-error-symbolic"
                                                     : "object-select-symbolic");
  gtk_label_set_label (self->message_label, is_error ? cairn_result_item_get_message (result)
                                                     : _("Done"));
  gtk_label_set_label (self->figures_label, figures);
  gtk_widget_set_css_classes (GTK_WIDGET (self),
                              (const char *[]) { is_error ? "turn-failed" : "turn-done", NULL });
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  is_error ? _("Turn failed") : _("Turn finished"), -1);
  /* Retry shows on the latest failed turn, until another message is sent */
  g_clear_pointer (&self->retry_binding, g_binding_unbind);
  self->retry_binding = g_object_bind_property (result, "retryable", self->retry_button, "visible",
                                                G_BINDING_SYNC_CREATE);
}

static void
cairn_result_row_unbind (CairnItemRow *row)
{
  CairnResultRow *self = CAIRN_RESULT_ROW (row);

  g_clear_pointer (&self->retry_binding, g_binding_unbind);
}

static void
cairn_result_row_class_init (CairnResultRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CairnItemRowClass *row_class = CAIRN_ITEM_ROW_CLASS (klass);

  row_class->bind = cairn_result_row_bind;
  row_class->unbind = cairn_result_row_unbind;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-result-row.ui");
  gtk_widget_class_set_css_name (widget_class, "resultrow");
  gtk_widget_class_bind_template_child (widget_class, CairnResultRow, icon);
  gtk_widget_class_bind_template_child (widget_class, CairnResultRow, message_label);
  gtk_widget_class_bind_template_child (widget_class, CairnResultRow, figures_label);
  gtk_widget_class_bind_template_child (widget_class, CairnResultRow, retry_button);
}

static void
cairn_result_row_init (CairnResultRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
