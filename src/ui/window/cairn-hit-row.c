/* cairn-hit-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-sidebar"

#include "config.h"

#include <string.h>

#include "window/cairn-hit-row.h"

/* A search result in the sidebar's list view: the conversation's title
 * and the snippet with the words found in bold. Bound to the hits in view
 * only; its title and snippet are set on the list item around it for a
 * screen reader, which walks the list items. */

struct _CairnHitRow
{
  GtkWidget       parent_instance;

  GtkWidget      *title;
  GtkWidget      *snippet;
  CairnSearchHit *hit;
};

G_DEFINE_FINAL_TYPE (CairnHitRow, cairn_hit_row, GTK_TYPE_WIDGET)

/* The snippet is text from a session file: shown with markup off, the
 * match made bold by an attribute over its bytes. Invalid UTF-8 is
 * replaced first (a label shows nothing of a string that is not UTF-8),
 * and the match is kept on character boundaries. */
static void
show_snippet (GtkLabel       *label,
              CairnSearchHit *hit)
{
  g_autofree char *snippet = g_utf8_make_valid (cairn_search_hit_get_snippet (hit), -1);
  gsize size = strlen (snippet);
  gsize start = MIN (cairn_search_hit_get_match_start (hit), size);
  gsize end = start + MIN (cairn_search_hit_get_match_length (hit), size - start);
  g_autoptr(PangoAttrList) attributes = pango_attr_list_new ();
  PangoAttribute *bold = pango_attr_weight_new (PANGO_WEIGHT_BOLD);

  while (start > 0 && (snippet[start] & 0xC0) == 0x80)
    start--;
  while (end < size && (snippet[end] & 0xC0) == 0x80)
    end++;
  bold->start_index = start;
  bold->end_index = end;
  pango_attr_list_insert (attributes, bold);
  gtk_label_set_use_markup (label, FALSE);
  gtk_label_set_text (label, snippet);
  gtk_label_set_attributes (label, attributes);
}

/**
 * cairn_hit_row_bind:
 * @title: the conversation's title, or where it is from
 */
void
cairn_hit_row_bind (CairnHitRow    *self,
                    CairnSearchHit *hit,
                    const char     *title)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));

  g_return_if_fail (CAIRN_IS_HIT_ROW (self));

  g_set_object (&self->hit, hit);
  gtk_label_set_text (GTK_LABEL (self->title), title);
  show_snippet (GTK_LABEL (self->snippet), hit);
  gtk_accessible_update_property (GTK_ACCESSIBLE (parent ? parent : GTK_WIDGET (self)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, cairn_search_hit_get_snippet (hit), -1);
}

void
cairn_hit_row_unbind (CairnHitRow *self)
{
  g_return_if_fail (CAIRN_IS_HIT_ROW (self));

  g_clear_object (&self->hit);
}

CairnSearchHit *
cairn_hit_row_get_hit (CairnHitRow *self)
{
  g_return_val_if_fail (CAIRN_IS_HIT_ROW (self), NULL);

  return self->hit;
}

static void
cairn_hit_row_dispose (GObject *object)
{
  CairnHitRow *self = (CairnHitRow *)object;

  g_clear_pointer (&self->title, gtk_widget_unparent);
  g_clear_pointer (&self->snippet, gtk_widget_unparent);
  g_clear_object (&self->hit);

  G_OBJECT_CLASS (cairn_hit_row_parent_class)->dispose (object);
}

static void
cairn_hit_row_class_init (CairnHitRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_hit_row_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cairn-hit-row");
}

static void
cairn_hit_row_init (CairnHitRow *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 2);
  self->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->title), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (self->title, "heading");
  gtk_widget_set_parent (self->title, GTK_WIDGET (self));

  self->snippet = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->snippet), 0);
  gtk_label_set_wrap (GTK_LABEL (self->snippet), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->snippet), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (self->snippet), 3);
  gtk_label_set_ellipsize (GTK_LABEL (self->snippet), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (self->snippet, "search-snippet");
  gtk_widget_set_parent (self->snippet, GTK_WIDGET (self));
}

GtkWidget *
cairn_hit_row_new (void)
{
  return g_object_new (CAIRN_TYPE_HIT_ROW, NULL);
}
