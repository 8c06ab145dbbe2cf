/* cairn-window-export.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "export/cairn-export.h"
#include "history/cairn-history-paths.h"
#include "widgets/cairn-plain-text.h"
#include "window/cairn-window-private.h"

/* Export: a conversation written to a file the user picks (Markdown,
 * HTML or its raw lines), from its row's menu in the sidebar or from the
 * main menu for the one shown. The chooser is GtkFileChooserNative (the
 * portal in the Flatpak); the format is the chosen name's extension, else
 * the chosen filter's. Rendering and writing happen in a thread, the
 * file replaced atomically (src/core/export). */

static const struct {
  const char        *name;
  const char        *pattern;
  CairnExportFormat  format;
} formats[] = {
  { N_("Markdown"), "*.md", CAIRN_EXPORT_MARKDOWN },
  { N_("Web Page (HTML)"), "*.html", CAIRN_EXPORT_HTML },
  { N_("Claude Code’s Lines (JSONL)"), "*.jsonl", CAIRN_EXPORT_JSONL },
};

static void
exported_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(CairnWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (!cairn_export_save_finish (result, &error))
    message = g_strdup_printf (_("The conversation could not be exported: %s"), error->message);
  else
    message = g_strdup (_("Conversation exported"));
  adw_toast_overlay_add_toast (self->toast_overlay, cairn_toast_new_plain (message));
}

/* The format the chosen name says, else the chosen filter's (the name
 * then gets its extension). */
static GFile *
chosen_destination (GtkFileChooser    *chooser,
                    CairnExportFormat *format)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (chooser);
  g_autofree char *name = file ? g_file_get_basename (file) : NULL;
  const char *dot = name ? strrchr (name, '.') : NULL;
  GtkFileFilter *filter = gtk_file_chooser_get_filter (chooser);
  g_autofree char *with_extension = NULL;
  g_autoptr(GFile) parent = NULL;

  if (file == NULL)
    return NULL;
  if (dot != NULL && cairn_export_format_from_name (dot + 1, format))
    return g_steal_pointer (&file);
  *format = CAIRN_EXPORT_MARKDOWN;
  for (guint i = 0; filter != NULL && i < G_N_ELEMENTS (formats); i++)
    if (g_strcmp0 (gtk_file_filter_get_name (filter), _(formats[i].name)) == 0)
      *format = formats[i].format;
  parent = g_file_get_parent (file);
  with_extension = g_strdup_printf ("%s.%s", name, cairn_export_format_extension (*format));
  return g_file_get_child (parent, with_extension);
}

static void
chooser_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     CairnWindow     *self)
{
  GFile *conversation = g_object_get_data (G_OBJECT (chooser), "conversation");
  g_autoptr(GFile) destination = NULL;
  CairnExportFormat format;

  if (response == GTK_RESPONSE_ACCEPT &&
      (destination = chosen_destination (GTK_FILE_CHOOSER (chooser), &format)) != NULL)
    cairn_export_save_async (conversation, format, destination, NULL, exported_cb, g_object_ref (self));
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

/* The title as a file name: no folder separators, not too long. */
static char *
suggested_name (const char *title)
{
  g_autofree char *name = g_utf8_substring (title && *title ? title : _("Conversation"), 0, 60);

  g_strdelimit (name, "/\\\n\r\t", '-');
  return g_strconcat (g_strstrip (name), ".md", NULL);
}

/**
 * _cairn_window_export:
 * @conversation: its session file
 * @title: (nullable): its title, for the file's suggested name
 *
 * Asks where to write the conversation, then writes it there.
 */
void
_cairn_window_export (CairnWindow *self,
                      GFile       *conversation,
                      const char  *title)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Export Conversation"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                 _("_Export"), _("_Cancel"));
  g_autofree char *name = suggested_name (title);

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      GtkFileFilter *filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _(formats[i].name));
      gtk_file_filter_add_pattern (filter, formats[i].pattern);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
      g_object_unref (filter);
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data_full (G_OBJECT (chooser), "conversation", g_object_ref (conversation), g_object_unref);
  g_signal_connect_object (chooser, "response", G_CALLBACK (chooser_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
sidebar_export_cb (CairnWindow           *self,
                   CairnConversationInfo *info,
                   CairnSidebar          *sidebar)
{
  _cairn_window_export (self, cairn_conversation_info_get_file (info), cairn_conversation_info_get_title (info));
}

/* The conversation shown: its file is in the CLI's folder of the
 * session's own working folder (a worktree's, for one that works there). */
static void
export_conversation_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);
  const char *session_id = self->session ? cairn_session_get_session_id (self->session) : NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  if (session_id == NULL)
    {
      adw_toast_overlay_add_toast (self->toast_overlay,
                                   cairn_toast_new_plain (_("Nothing to export yet: send a first message")));
      return;
    }
  folder = cairn_history_project_folder (cairn_session_get_cwd (self->session));
  name = g_strdup_printf ("%s.jsonl", session_id);
  file = g_file_get_child (folder, name);
  title = self->page ? cairn_page_dup_title (self->page) : NULL;
  _cairn_window_export (self, file, title);
}

void
_cairn_window_class_init_export (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, sidebar_export_cb);
  gtk_widget_class_install_action (widget_class, "win.export-conversation", NULL, export_conversation_action);
}
