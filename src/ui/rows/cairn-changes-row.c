/* cairn-changes-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-changes-row"

#include "config.h"

#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "session/cairn-git-changes.h"
#include "rows/cairn-changes-row.h"
#include "widgets/cairn-source-style.h"

/* The files a turn left changed and not committed (Cairn's Stop hook):
 * one button a file, which opens its diff. Paths come from the project:
 * plain text. */
struct _CairnChangesRow
{
  CairnItemRow  parent_instance;
  GtkLabel     *title_label;
  GtkBox       *files_box;
};

G_DEFINE_FINAL_TYPE (CairnChangesRow, cairn_changes_row, CAIRN_TYPE_ITEM_ROW)

/* a long list shows its start; the rest is one line */
#define MAX_FILES_SHOWN 12

static void
diff_ready_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GtkSourceBuffer) buffer = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *diff = cairn_git_changes_diff_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (diff == NULL)
    diff = g_strdup_printf (_("The diff could not be read: %s"), error->message);
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (buffer),
                            *diff != '\0' ? diff : _("git shows no difference for this file."), -1);
}

static GtkWidget *
diff_view_new (GtkSourceBuffer *buffer,
               const char      *path)
{
  GtkWidget *view = gtk_source_view_new_with_buffer (buffer);
  g_autofree char *label = g_strdup_printf (_("Changes to %s"), path);

  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_cursor_visible (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_CHAR);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 8);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return view;
}

/* A window with the file's diff, read by git off the main loop; closing it
 * (Escape too) stops git. */
static void
show_diff (CairnChangesRow  *self,
           CairnChangesItem *changes,
           guint             i)
{
  const char *path = cairn_changes_item_get_path (changes, i);
  GtkSourceLanguage *diff = gtk_source_language_manager_get_language (
    gtk_source_language_manager_get_default (), "diff");
  g_autoptr(GtkSourceBuffer) buffer = gtk_source_buffer_new_with_language (diff);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkEventController *keys = gtk_shortcut_controller_new ();
  GCancellable *cancellable = g_cancellable_new ();

  cairn_source_style_follow (buffer);
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (buffer), _("Reading the diff…"), -1);
  gtk_window_set_title (GTK_WINDOW (window), path);
  gtk_window_set_titlebar (GTK_WINDOW (window), gtk_header_bar_new ());
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))));
  gtk_window_set_default_size (GTK_WINDOW (window), 760, 560);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), diff_view_new (buffer, path));
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (window, keys);
  g_object_set_data_full (G_OBJECT (window), "cairn-diff-cancellable", cancellable, g_object_unref);
  g_signal_connect_object (window, "destroy", G_CALLBACK (g_cancellable_cancel), cancellable, G_CONNECT_SWAPPED);
  cairn_git_changes_diff_async (changes, i, cancellable, diff_ready_cb, g_object_ref (buffer));
  gtk_window_present (GTK_WINDOW (window));
}

static void
file_clicked_cb (GtkButton       *button,
                 CairnChangesRow *self)
{
  CairnItem *item = cairn_item_row_get_item (CAIRN_ITEM_ROW (self));
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "cairn-file-index"));

  if (item != NULL)
    show_diff (self, CAIRN_CHANGES_ITEM (item), i);
}

static GtkWidget *
file_button_new (CairnChangesRow  *self,
                 CairnChangesItem *changes,
                 guint             i)
{
  const char *path = cairn_changes_item_get_path (changes, i);
  g_autofree char *text = g_strdup_printf ("%s  %s", cairn_changes_item_get_code (changes, i), path);
  g_autofree char *name = g_strdup_printf (_("Show the changes to %s"), path);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *button = gtk_button_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (label, "monospace");
  gtk_button_set_child (GTK_BUTTON (button), label);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data (G_OBJECT (button), "cairn-file-index", GUINT_TO_POINTER (i));
  g_signal_connect (button, "clicked", G_CALLBACK (file_clicked_cb), self);
  return button;
}

static void
cairn_changes_row_bind (CairnItemRow *row,
                        CairnItem    *item)
{
  CairnChangesRow *self = CAIRN_CHANGES_ROW (row);
  CairnChangesItem *changes = CAIRN_CHANGES_ITEM (item);
  GtkWidget *child;
  guint n;
  g_autofree char *title = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->files_box))) != NULL)
    gtk_box_remove (self->files_box, child);
  if (changes == NULL)
    return;
  n = cairn_changes_item_get_n_files (changes);
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file changed and not committed",
                                        "%u files changed and not committed", n), n);
  gtk_label_set_text (self->title_label, title);
  for (guint i = 0; i < MIN (n, MAX_FILES_SHOWN); i++)
    gtk_box_append (self->files_box, file_button_new (self, changes, i));
  if (n > MAX_FILES_SHOWN)
    {
      g_autofree char *more = g_strdup_printf (_("and %u more"), n - MAX_FILES_SHOWN);
      GtkWidget *label = gtk_label_new (more);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (self->files_box, label);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
}

static void
cairn_changes_row_class_init (CairnChangesRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CairnItemRowClass *row_class = CAIRN_ITEM_ROW_CLASS (klass);

  row_class->bind = cairn_changes_row_bind;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-changes-row.ui");
  gtk_widget_class_set_css_name (widget_class, "changesrow");
  gtk_widget_class_bind_template_child (widget_class, CairnChangesRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesRow, files_box);
}

static void
cairn_changes_row_init (CairnChangesRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
