/* cairn-composer-transfer.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-composer"

#include "config.h"

#include <glib/gi18n.h>

#include "page/cairn-composer-private.h"

/* What reaches the composer by the clipboard, a drop or the file chooser:
 * image data, image files, web links. Attached through the tray; a paste
 * of plain text is left to the text view. */

static gboolean
is_web_address (GFile *file)
{
  return g_file_has_uri_scheme (file, "http") || g_file_has_uri_scheme (file, "https");
}

/**
 * cairn_composer_add_files:
 * @files: (element-type GFile): dropped, pasted or picked files
 *
 * Attaches image files, as a drop, a paste or the file chooser does. A
 * dropped link to a web page is not a file: its address goes into the text.
 */
void
cairn_composer_add_files (CairnComposer *self,
                          GSList        *files)
{
  g_autoptr(GString) links = g_string_new (NULL);
  GSList *local = NULL;

  g_return_if_fail (CAIRN_IS_COMPOSER (self));

  for (GSList *l = files; l != NULL; l = l->next)
    {
      g_autofree char *uri = NULL;

      if (!is_web_address (l->data))
        {
          local = g_slist_prepend (local, l->data);
          continue;
        }
      uri = g_file_get_uri (l->data);
      g_string_append_printf (links, "%s ", uri);
    }
  local = g_slist_reverse (local);
  if (links->len > 0)
    gtk_text_buffer_insert_at_cursor (gtk_text_view_get_buffer (self->text_view),
                                      links->str, -1);
  if (local != NULL)
    cairn_attachment_tray_add_files (self->tray, local);
  g_slist_free (local);
}

/**
 * cairn_composer_add_texture:
 * @name: (nullable): what to call the image, such as "Pasted image"
 *
 * Attaches image data, as a paste or a drop from another app does.
 */
void
cairn_composer_add_texture (CairnComposer *self,
                            GdkTexture    *texture,
                            const char    *name)
{
  g_return_if_fail (CAIRN_IS_COMPOSER (self));
  g_return_if_fail (GDK_IS_TEXTURE (texture));

  cairn_attachment_tray_add_texture (self->tray, texture, name);
}

/* Image data first: a browser offers an image together with its address. */
static GType
attachable_type (GdkContentFormats *offered)
{
  g_autoptr(GdkContentFormats) formats =
    gdk_content_formats_union_deserialize_gtypes (gdk_content_formats_ref (offered));

  if (gdk_content_formats_contain_gtype (formats, GDK_TYPE_TEXTURE))
    return GDK_TYPE_TEXTURE;
  if (gdk_content_formats_contain_gtype (formats, GDK_TYPE_FILE_LIST))
    return GDK_TYPE_FILE_LIST;
  return G_TYPE_INVALID;
}

static void
pasted_texture_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(CairnComposer) self = user_data;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;

  texture = gdk_clipboard_read_texture_finish (GDK_CLIPBOARD (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (texture == NULL)
    cairn_attachment_tray_show_error (self->tray, error->message);
  else
    cairn_composer_add_texture (self, texture, _("Pasted image"));
}

static void
pasted_files_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(CairnComposer) self = user_data;
  g_autoptr(GError) error = NULL;
  const GValue *value;
  GSList *files;

  value = gdk_clipboard_read_value_finish (GDK_CLIPBOARD (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (value == NULL)
    {
      cairn_attachment_tray_show_error (self->tray, error->message);
      return;
    }
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  cairn_composer_add_files (self, files);
  g_slist_free (files);
}

/* The image types the API takes: pasted in one of these, the bytes go as
 * they are; any other comes as a texture and is sent as PNG. */
static const char *sent_as_is[] = { "image/png", "image/jpeg", "image/gif", "image/webp", NULL };

static const char *
offered_as_is (GdkContentFormats *offered)
{
  for (guint i = 0; sent_as_is[i] != NULL; i++)
    if (gdk_content_formats_contain_mime_type (offered, sent_as_is[i]))
      return sent_as_is[i];
  return NULL;
}

static void
pasted_bytes_read_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(CairnComposer) self = user_data;
  GOutputStream *memory = G_OUTPUT_STREAM (object);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (g_output_stream_splice_finish (memory, result, &error) < 0)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        cairn_attachment_tray_show_error (self->tray, error->message);
      return;
    }
  bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (memory));
  cairn_attachment_tray_add_bytes (self->tray, bytes, _("Pasted image"));
}

static void
pasted_stream_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(CairnComposer) self = user_data;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GOutputStream) memory = NULL;
  g_autoptr(GError) error = NULL;
  GCancellable *cancellable;

  stream = gdk_clipboard_read_finish (GDK_CLIPBOARD (object), result, NULL, &error);
  if (stream == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        cairn_attachment_tray_show_error (self->tray, error->message);
      return;
    }
  memory = g_memory_output_stream_new_resizable ();
  cancellable = self->cancellable;
  g_output_stream_splice_async (memory, stream,
                                G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
                                G_PRIORITY_DEFAULT, cancellable, pasted_bytes_read_cb,
                                g_steal_pointer (&self));
}

/* Ctrl+V (or the menu's Paste) of an image or of copied image files
 * attaches them; text pastes as text. */
void
_cairn_composer_paste_clipboard_cb (CairnComposer *self,
                    GtkTextView   *view)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (view));
  GType type = attachable_type (gdk_clipboard_get_formats (clipboard));

  if (type == G_TYPE_INVALID)
    return;
  g_signal_stop_emission_by_name (view, "paste-clipboard");
  if (type == GDK_TYPE_TEXTURE && offered_as_is (gdk_clipboard_get_formats (clipboard)) != NULL)
    {
      const char *mime_types[] = { offered_as_is (gdk_clipboard_get_formats (clipboard)), NULL };

      gdk_clipboard_read_async (clipboard, mime_types, G_PRIORITY_DEFAULT, self->cancellable,
                                pasted_stream_cb, g_object_ref (self));
    }
  else if (type == GDK_TYPE_TEXTURE)
    gdk_clipboard_read_texture_async (clipboard, self->cancellable,
                                      pasted_texture_cb, g_object_ref (self));
  else
    gdk_clipboard_read_value_async (clipboard, GDK_TYPE_FILE_LIST, G_PRIORITY_DEFAULT,
                                    self->cancellable, pasted_files_cb, g_object_ref (self));
}

/* While something droppable hovers, the drop area and the tray say so. */
static void
set_drop_hover (CairnComposer *self,
                GtkDropTarget *target,
                gboolean       hover)
{
  GtkWidget *area = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));

  if (hover == GPOINTER_TO_INT (g_object_get_data (G_OBJECT (target), "hover")))
    return;
  g_object_set_data (G_OBJECT (target), "hover", GINT_TO_POINTER (hover));
  self->n_drops_hovering += hover ? 1 : -1;
  if (hover)
    gtk_widget_add_css_class (area, "drop-active");
  else
    gtk_widget_remove_css_class (area, "drop-active");
  cairn_attachment_tray_set_drop_active (self->tray, self->n_drops_hovering > 0);
}

/* As GtkDropTarget's own check, and not before there is a session (on
 * the missing-CLI page): images would have nowhere to go. */
static gboolean
drop_accept_cb (CairnComposer *self,
                GdkDrop       *drop,
                GtkDropTarget *target)
{
  if (cairn_attachment_tray_get_store (self->tray) == NULL)
    return FALSE;
  return (gdk_drop_get_actions (drop) & GDK_ACTION_COPY) != 0 &&
         gdk_content_formats_match (gtk_drop_target_get_formats (target), gdk_drop_get_formats (drop));
}

static GdkDragAction
drop_enter_cb (CairnComposer *self,
               double         x,
               double         y,
               GtkDropTarget *target)
{
  set_drop_hover (self, target, TRUE);
  return GDK_ACTION_COPY;
}

static void
drop_leave_cb (CairnComposer *self,
               GtkDropTarget *target)
{
  set_drop_hover (self, target, FALSE);
}

static gboolean
drop_cb (CairnComposer *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  set_drop_hover (self, target, FALSE);
  if (G_VALUE_HOLDS (value, GDK_TYPE_TEXTURE))
    {
      cairn_composer_add_texture (self, g_value_get_object (value), _("Dropped image"));
    }
  else if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *files = gdk_file_list_get_files (g_value_get_boxed (value));
      cairn_composer_add_files (self, files);
      g_slist_free (files);
    }
  else if (G_VALUE_HOLDS (value, G_TYPE_FILE))
    {
      GSList one = { g_value_get_object (value), NULL };
      cairn_composer_add_files (self, &one);
    }
  return TRUE;
}

GtkEventController *
_cairn_composer_drop_target_new (CairnComposer *self)
{
  GType types[] = { GDK_TYPE_TEXTURE, GDK_TYPE_FILE_LIST, G_TYPE_FILE };
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);

  gtk_drop_target_set_gtypes (target, types, G_N_ELEMENTS (types));
  /* before the text view, which would insert a dropped file's address */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (target), GTK_PHASE_CAPTURE);
  g_signal_connect_object (target, "accept", G_CALLBACK (drop_accept_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (target, "enter", G_CALLBACK (drop_enter_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (target, "leave", G_CALLBACK (drop_leave_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (target, "drop", G_CALLBACK (drop_cb), self, G_CONNECT_SWAPPED);
  return GTK_EVENT_CONTROLLER (target);
}

/**
 * cairn_composer_add_drop_area:
 * @area: a widget, such as the window's content
 *
 * Images dropped anywhere on @area are attached here. While a drop hovers,
 * @area has the `drop-active` style class. If @area contains the
 * composer, it takes over from the composer's own drop target.
 */
void
cairn_composer_add_drop_area (CairnComposer *self,
                              GtkWidget     *area)
{
  g_return_if_fail (CAIRN_IS_COMPOSER (self));
  g_return_if_fail (GTK_IS_WIDGET (area));

  if (self->own_drop_target != NULL && gtk_widget_is_ancestor (GTK_WIDGET (self), area))
    {
      gtk_widget_remove_controller (GTK_WIDGET (self), self->own_drop_target);
      self->own_drop_target = NULL;
    }
  gtk_widget_add_controller (area, _cairn_composer_drop_target_new (self));
}
