/* cairn-conversation-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-sidebar"

#include "config.h"

#include <glib/gi18n.h>

#include "window/cairn-conversation-row.h"
#include "window/cairn-day-group.h"
#include "widgets/cairn-working-indicator.h"

/* One conversation in the sidebar's list view: its day heading when it is
 * the first of its day group, its title, when it was active and its git
 * branch, and the mark of an open conversation's state. The list view
 * makes a few of these and binds them to the conversations scrolled into
 * view; what a screen reader hears (the title, and the state and time) is
 * set on the list item around the row, which is what it walks. */

struct _CairnConversationRow
{
  GtkWidget   parent_instance;

  /* made when the row first heads a group, and a mark when there is
   * one: a few hundred rows are kept, each widget is an accessible */
  GtkWidget  *heading;
  GtkWidget  *line;
  GtkWidget  *title;
  GtkWidget  *subtitle;
  GtkWidget  *mark;

  GObject    *item;
  gulong      title_handler;
  CairnConversationState state;
};

G_DEFINE_FINAL_TYPE (CairnConversationRow, cairn_conversation_row, GTK_TYPE_WIDGET)

/* The mark at the end of an open conversation's row, and what it says
 * to a screen reader. */
static const struct {
  const char *icon;       /* NULL: the working dots */
  const char *css;
  const char *says;
} marks[] = {
  [CAIRN_CONVERSATION_WORKING] = { NULL, NULL, N_("Working") },
  [CAIRN_CONVERSATION_WAITING] = { "dialog-question-symbolic", "accent", N_("Waiting for you") },
  [CAIRN_CONVERSATION_UNSEEN] = { "media-record-symbolic", "accent", N_("Finished, not seen yet") },
  [CAIRN_CONVERSATION_FAILED] = { "dialog-error-symbolic", "error", N_("Failed") },
};

static gboolean
has_mark (CairnConversationState state)
{
  return state != CAIRN_CONVERSATION_QUIET && state < G_N_ELEMENTS (marks);
}

static GtkWidget *
mark_new (CairnConversationState state)
{
  GtkWidget *mark;

  if (marks[state].icon == NULL)
    {
      mark = cairn_working_indicator_new ();
      cairn_working_indicator_set_working (CAIRN_WORKING_INDICATOR (mark), TRUE);
    }
  else
    {
      mark = gtk_image_new_from_icon_name (marks[state].icon);
      gtk_widget_add_css_class (mark, marks[state].css);
    }
  gtk_widget_set_valign (mark, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (mark, "conversation-mark");
  return mark;
}

static char *
subtitle_of (GObject *item)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *branch = NULL;
  g_autofree char *when = NULL;
  gint64 modified = 0;

  g_object_get (item, "modified", &modified, "git-branch", &branch, NULL);
  when = cairn_relative_time (now, modified);
  if (branch == NULL || *branch == '\0' || g_str_equal (branch, "HEAD"))
    return g_steal_pointer (&when);
  /* Translators: when a conversation was active, and its git branch */
  return g_strdup_printf (_("%s · %s"), when, branch);
}

/* The list item around the row (the list view's), or the row itself. */
static GtkAccessible *
accessible_of (CairnConversationRow *self)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));

  return GTK_ACCESSIBLE (parent ? parent : GTK_WIDGET (self));
}

/* The row for a screen reader: its title, and its state and time. */
static void
describe (CairnConversationRow *self)
{
  const char *subtitle = gtk_label_get_text (GTK_LABEL (self->subtitle));
  g_autofree char *description = NULL;

  if (!has_mark (self->state))
    description = g_strdup (subtitle);
  else
    /* Translators: a conversation's state and when it was active, in the sidebar */
    description = g_strdup_printf (_("%s · %s"), _(marks[self->state].says), subtitle);
  gtk_accessible_update_property (accessible_of (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, gtk_label_get_text (GTK_LABEL (self->title)),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static void
show_title (CairnConversationRow *self)
{
  g_autofree char *title = NULL;

  g_object_get (self->item, "title", &title, NULL);
  gtk_label_set_text (GTK_LABEL (self->title), title);
}

/* The whole title, when the row shows it cut short. Asked for when the
 * pointer rests on the row: setting a row's tooltip text as it is bound
 * asks the X server where the pointer is (GTK 4.8 checks whether the
 * tooltip shown must change), a round trip for each of the 200 rows a
 * list view makes, which on a busy machine held the main loop 100 ms. */
static gboolean
query_tooltip_cb (CairnConversationRow *self,
                  int                   x,
                  int                   y,
                  gboolean              keyboard,
                  GtkTooltip           *tooltip)
{
  const char *title = gtk_label_get_text (GTK_LABEL (self->title));

  if (self->item == NULL || *title == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, title);
  return TRUE;
}

/* A rename sets the title of the item in place. */
static void
title_changed_cb (CairnConversationRow *self)
{
  show_title (self);
  describe (self);
}

static void
show_mark (CairnConversationRow *self)
{
  if (self->mark != NULL)
    gtk_box_remove (GTK_BOX (self->line), g_steal_pointer (&self->mark));
  if (has_mark (self->state))
    gtk_box_append (GTK_BOX (self->line), (self->mark = mark_new (self->state)));
}

/**
 * cairn_conversation_row_set_state:
 *
 * Marks the row: a spinner while its conversation works, a badge while it
 * waits for the user, a dot when it finished unseen, an error when it
 * failed.
 */
void
cairn_conversation_row_set_state (CairnConversationRow   *self,
                                  CairnConversationState  state)
{
  g_return_if_fail (CAIRN_IS_CONVERSATION_ROW (self));

  if (self->state != state)
    {
      self->state = state;
      show_mark (self);
    }
  if (self->item != NULL)
    describe (self);
}

/**
 * cairn_conversation_row_bind:
 * @item: a conversation, with the properties "title", "modified" and
 *   "git-branch"
 */
void
cairn_conversation_row_bind (CairnConversationRow   *self,
                             GObject                *item,
                             CairnConversationState  state)
{
  g_autofree char *subtitle = subtitle_of (item);

  g_return_if_fail (CAIRN_IS_CONVERSATION_ROW (self));

  cairn_conversation_row_unbind (self);
  self->item = g_object_ref (item);
  self->title_handler = g_signal_connect_object (item, "notify::title", G_CALLBACK (title_changed_cb),
                                                 self, G_CONNECT_SWAPPED);
  show_title (self);
  gtk_label_set_text (GTK_LABEL (self->subtitle), subtitle);
  cairn_conversation_row_set_state (self, state);
}

void
cairn_conversation_row_unbind (CairnConversationRow *self)
{
  g_return_if_fail (CAIRN_IS_CONVERSATION_ROW (self));

  if (self->item != NULL)
    g_clear_signal_handler (&self->title_handler, self->item);
  g_clear_object (&self->item);
}

GObject *
cairn_conversation_row_get_item (CairnConversationRow *self)
{
  g_return_val_if_fail (CAIRN_IS_CONVERSATION_ROW (self), NULL);

  return self->item;
}

/**
 * cairn_conversation_row_set_heading:
 * @heading: (nullable): the day group's heading, above the first
 *   conversation of the group
 */
void
cairn_conversation_row_set_heading (CairnConversationRow *self,
                                    const char           *heading)
{
  g_return_if_fail (CAIRN_IS_CONVERSATION_ROW (self));

  if (heading != NULL && self->heading == NULL)
    {
      self->heading = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (self->heading), 0);
      gtk_widget_add_css_class (self->heading, "heading");
      gtk_widget_add_css_class (self->heading, "sidebar-heading");
      gtk_widget_insert_before (self->heading, GTK_WIDGET (self), self->line);
    }
  if (self->heading != NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->heading), heading ? heading : "");
      gtk_widget_set_visible (self->heading, heading != NULL);
    }
}

static GtkWidget *
line_label_new (GtkWidget *box)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), label);
  return label;
}

static void
cairn_conversation_row_dispose (GObject *object)
{
  CairnConversationRow *self = (CairnConversationRow *)object;
  GtkWidget *child;

  cairn_conversation_row_unbind (self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (cairn_conversation_row_parent_class)->dispose (object);
}

static void
cairn_conversation_row_class_init (CairnConversationRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_conversation_row_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cairn-conversation-row");
}

static void
cairn_conversation_row_init (CairnConversationRow *self)
{
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  self->title = line_label_new (text);
  self->subtitle = line_label_new (text);
  gtk_widget_add_css_class (self->subtitle, "caption");
  gtk_widget_add_css_class (self->subtitle, "dim-label");
  gtk_widget_set_hexpand (text, TRUE);
  self->line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (self->line, "conversation");
  gtk_box_append (GTK_BOX (self->line), text);
  gtk_widget_set_parent (self->line, GTK_WIDGET (self));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
}

GtkWidget *
cairn_conversation_row_new (void)
{
  return g_object_new (CAIRN_TYPE_CONVERSATION_ROW, NULL);
}
