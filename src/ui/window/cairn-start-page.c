/* cairn-start-page.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-start-page"

#include "config.h"

#include <glib/gi18n.h>

#include "window/cairn-day-group.h"
#include "window/cairn-start-page.h"

/* What Cairn shows when it was started without a folder (from the
 * desktop): the projects of the CLI's history, newest first, and Open
 * Folder…. Each item of the model has the properties "cwd",
 * "n-conversations" and "modified" (unix seconds). */

struct _CairnStartPage
{
  GtkWidget   parent_instance;

  /* the template's top child: bound so that dispose_template unparents it */
  GtkWidget  *scroller;
  GtkListBox *list;
  GtkWidget  *recent_label;
  GtkWidget  *open_button;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (CairnStartPage, cairn_start_page, GTK_TYPE_WIDGET)

enum {
  FOLDER_CHOSEN,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *cwd = NULL;
  g_autofree char *when = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *name = NULL;
  guint count = 0;
  gint64 modified = 0;
  GtkWidget *row = adw_action_row_new ();

  g_object_get (item, "cwd", &cwd, "n-conversations", &count, "modified", &modified, NULL);
  name = g_path_get_basename (cwd ? cwd : "/");
  when = cairn_relative_time (now, modified);
  /* Translators: the project's folder, how many conversations it has, when the last was active */
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u conversation · %s",
                                           "%s · %u conversations · %s", count),
                              cwd ? cwd : "", count, when);
  /* a folder's name and path are text, never markup (a `&` blanked the row) */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "cwd", g_steal_pointer (&cwd), g_free);
  return row;
}

static void
row_activated_cb (CairnStartPage *self,
                  GtkListBoxRow  *row,
                  GtkListBox     *list)
{
  const char *cwd = g_object_get_data (G_OBJECT (row), "cwd");
  g_autoptr(GFile) folder = cwd ? g_file_new_for_path (cwd) : NULL;

  if (folder != NULL)
    g_signal_emit (self, signals[FOLDER_CHOSEN], 0, folder);
}

static void
chooser_response_cb (CairnStartPage       *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) folder = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (folder != NULL)
    g_signal_emit (self, signals[FOLDER_CHOSEN], 0, folder);
}

static void
open_folder_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  CairnStartPage *self = CAIRN_START_PAGE (widget);
  GtkNative *native = gtk_widget_get_native (widget);

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Open Folder"), GTK_WINDOW (native),
                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                               _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
cairn_start_page_dispose (GObject *object)
{
  CairnStartPage *self = (CairnStartPage *)object;

  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_START_PAGE);

  G_OBJECT_CLASS (cairn_start_page_parent_class)->dispose (object);
}

static void
cairn_start_page_class_init (CairnStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_start_page_dispose;

  /**
   * CairnStartPage::folder-chosen:
   * @folder: the project to open
   */
  signals[FOLDER_CHOSEN] = g_signal_new ("folder-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-start-page.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, CairnStartPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, CairnStartPage, list);
  gtk_widget_class_bind_template_child (widget_class, CairnStartPage, recent_label);
  gtk_widget_class_bind_template_child (widget_class, CairnStartPage, open_button);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_install_action (widget_class, "start.open-folder", NULL, open_folder_action);
}

static void
cairn_start_page_init (CairnStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_visible (self->recent_label, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->list), FALSE);
}

static void
projects_changed_cb (CairnStartPage *self,
                     guint           position,
                     guint           removed,
                     guint           added,
                     GListModel     *projects)
{
  gboolean any = g_list_model_get_n_items (projects) > 0;

  gtk_widget_set_visible (self->recent_label, any);
  gtk_widget_set_visible (GTK_WIDGET (self->list), any);
}

/**
 * cairn_start_page_set_model:
 * @projects: the projects of the CLI's history, newest first
 */
void
cairn_start_page_set_model (CairnStartPage *self,
                            GListModel     *projects)
{
  g_return_if_fail (CAIRN_IS_START_PAGE (self));

  gtk_list_box_bind_model (self->list, projects, create_row, NULL, NULL);
  g_signal_connect_object (projects, "items-changed", G_CALLBACK (projects_changed_cb), self,
                           G_CONNECT_SWAPPED);
  projects_changed_cb (self, 0, 0, 0, projects);
}
