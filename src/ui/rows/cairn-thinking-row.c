/* cairn-thinking-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-thinking-row"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-util.h"
#include "transcript/cairn-text-item.h"
#include "rows/cairn-thinking-row.h"
#include "widgets/cairn-working-indicator.h"

/* Claude's thinking: a closed expander that says how long it thought, and
 * the text, dim, once opened. The text can grow by hundreds of deltas a
 * second, so it reaches the label at most once per frame, and not at all
 * while the expander is closed. */
struct _CairnThinkingRow
{
  CairnItemRow  parent_instance;

  GtkExpander  *expander;
  CairnWorkingIndicator *spinner;
  GtkLabel     *title_label;
  GtkLabel     *text_label;

  GSignalGroup *item_signals;
  guint         text_tick_id;
};

G_DEFINE_FINAL_TYPE (CairnThinkingRow, cairn_thinking_row, CAIRN_TYPE_ITEM_ROW)

static CairnTextItem *
get_text_item (CairnThinkingRow *self)
{
  return CAIRN_TEXT_ITEM (cairn_item_row_get_item (CAIRN_ITEM_ROW (self)));
}

/* "Thought for 4.2 s", in the duration style of the whole app; under a
 * second a figure would only say "briefly". */
static char *
format_title (CairnTextItem *item)
{
  gint64 ms = cairn_text_item_get_duration_ms (item);
  g_autofree char *duration = NULL;

  if (cairn_text_item_get_streaming (item))
    return g_strdup (_("Thinking…"));
  if (ms < 1000)
    return g_strdup (_("Thought briefly"));
  duration = cairn_format_duration (ms);
  /* Translators: how long Claude thought, e.g. "Thought for 4.2 s" */
  return g_strdup_printf (_("Thought for %s"), duration);
}

static void
update_title (CairnThinkingRow *self)
{
  CairnTextItem *item = get_text_item (self);
  gboolean streaming = item != NULL && cairn_text_item_get_streaming (item);
  g_autofree char *title = item ? format_title (item) : NULL;

  gtk_label_set_label (self->title_label, title);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), streaming);
  cairn_working_indicator_set_working (self->spinner, streaming);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->expander),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title ? title : "", -1);
}

static void
apply_text (CairnThinkingRow *self)
{
  CairnTextItem *item = get_text_item (self);

  if (self->text_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->text_tick_id);
      self->text_tick_id = 0;
    }
  gtk_label_set_label (self->text_label, item ? cairn_text_item_get_text (item) : "");
}

static gboolean
text_tick_cb (GtkWidget     *widget,
              GdkFrameClock *frame_clock,
              gpointer       user_data)
{
  CairnThinkingRow *self = CAIRN_THINKING_ROW (widget);

  self->text_tick_id = 0;
  apply_text (self);
  return G_SOURCE_REMOVE;
}

/* A closed row shows no text: it catches up when opened. Off screen there
 * are no frames to wait for, so the text goes in at once. */
static void
text_changed_cb (CairnThinkingRow *self,
                 GParamSpec       *pspec,
                 CairnTextItem    *item)
{
  g_assert (CAIRN_IS_THINKING_ROW (self));

  if (!gtk_expander_get_expanded (self->expander))
    return;
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    apply_text (self);
  else if (self->text_tick_id == 0)
    self->text_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), text_tick_cb, NULL, NULL);
}

static void
title_changed_cb (CairnThinkingRow *self,
                  GParamSpec       *pspec,
                  CairnTextItem    *item)
{
  g_assert (CAIRN_IS_THINKING_ROW (self));

  update_title (self);
}

static void
expanded_changed_cb (CairnThinkingRow *self,
                     GParamSpec       *pspec,
                     GtkExpander      *expander)
{
  g_assert (CAIRN_IS_THINKING_ROW (self));

  if (gtk_expander_get_expanded (self->expander))
    apply_text (self);
}

static void
cairn_thinking_row_bind (CairnItemRow *row,
                         CairnItem    *item)
{
  CairnThinkingRow *self = CAIRN_THINKING_ROW (row);

  g_signal_group_set_target (self->item_signals, item);
  /* A recycled row starts closed again, like any new one. */
  gtk_expander_set_expanded (self->expander, FALSE);
  gtk_label_set_label (self->text_label, "");
  update_title (self);
}

static void
cairn_thinking_row_dispose (GObject *object)
{
  CairnThinkingRow *self = (CairnThinkingRow *)object;

  if (self->text_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->text_tick_id);
      self->text_tick_id = 0;
    }

  /* The parent drops the item, which binds NULL: the group is still needed. */
  G_OBJECT_CLASS (cairn_thinking_row_parent_class)->dispose (object);

  g_clear_object (&self->item_signals);
}

static void
cairn_thinking_row_class_init (CairnThinkingRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CairnItemRowClass *row_class = CAIRN_ITEM_ROW_CLASS (klass);

  object_class->dispose = cairn_thinking_row_dispose;
  row_class->bind = cairn_thinking_row_bind;

  g_type_ensure (CAIRN_TYPE_WORKING_INDICATOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/cairnapp/Cairn/ui/"
                                               "cairn-thinking-row.ui");
  gtk_widget_class_set_css_name (widget_class, "thinkingrow");
  gtk_widget_class_bind_template_child (widget_class, CairnThinkingRow, expander);
  gtk_widget_class_bind_template_child (widget_class, CairnThinkingRow, spinner);
  gtk_widget_class_bind_template_child (widget_class, CairnThinkingRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, CairnThinkingRow, text_label);
  gtk_widget_class_bind_template_callback (widget_class, expanded_changed_cb);
}

static void
cairn_thinking_row_init (CairnThinkingRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->item_signals = g_signal_group_new (CAIRN_TYPE_TEXT_ITEM);
  g_signal_group_connect_object (self->item_signals, "notify::text",
                                 G_CALLBACK (text_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->item_signals, "notify::streaming",
                                 G_CALLBACK (title_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->item_signals, "notify::duration-ms",
                                 G_CALLBACK (title_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Claude’s thinking"), -1);
}
