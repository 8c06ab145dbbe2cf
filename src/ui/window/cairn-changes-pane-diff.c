/* cairn-changes-pane-diff.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-changes-pane"

#include "config.h"

#include <glib/gi18n.h>

#include "git/cairn-git.h"
#include "widgets/cairn-source-style.h"
#include "window/cairn-changes-pane-private.h"

/* One file's unified diff in GtkSourceView's diff highlighting. A bar
 * above it acts on the hunk the cursor is in (shaded; Alt+Up and Alt+Down
 * go from hunk to hunk): Undo hands git/ the diff as shown, so a file
 * written since (by the model or the user) is refused rather than undone
 * blind; Comment puts "`path:line` — note" into the composer, the line
 * being the cursor's. (Buttons inside the text, on each hunk's line, were
 * tried: GTK 4.8 crashes when a child the pointer is over goes with the
 * text.) */

static void follow_cursor (CairnChangesPane *self);

static gboolean
can_undo (CairnChangesPane *self)
{
  return self->changes == NULL || self->changes->base != NULL;
}

/* Outside git there is no earlier version to put a hunk back from: the
 * button stays, insensitive, and says why. */
static void
show_undo (CairnChangesPane *self)
{
  gtk_widget_set_sensitive (self->undo_button, can_undo (self));
  gtk_widget_set_tooltip_text (self->undo_button,
                               can_undo (self) ? _("Put this hunk back as it was")
                                               : _(CAIRN_CHANGES_PANE_NO_UNDO));
}

static GtkTextBuffer *
diff_buffer (CairnChangesPane *self)
{
  return gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->diff_view));
}

static GtkTextBuffer *
side_buffer (GtkSourceView *view)
{
  return gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
}

/* The two sides of the diff shown, row for row (core's split). */
static void
fill_sides (CairnChangesPane *self)
{
  g_autofree char *old_side = NULL;
  g_autofree char *new_side = NULL;

  g_clear_pointer (&self->split_rows, g_array_unref);
  if (self->diff == NULL)
    {
      gtk_text_buffer_set_text (side_buffer (self->old_view), "", 0);
      gtk_text_buffer_set_text (side_buffer (self->new_view), "", 0);
      return;
    }
  self->split_rows = cairn_git_diff_split (self->diff, &old_side, &new_side);
  gtk_text_buffer_set_text (side_buffer (self->old_view), old_side, -1);
  gtk_text_buffer_set_text (side_buffer (self->new_view), new_side, -1);
}

/* Side by side, the hunk gone to is scrolled to on both sides (they share
 * one vertical adjustment). */
static void
scroll_sides_to (CairnChangesPane *self,
                 guint             line)
{
  GtkTextIter iter;

  if (!self->split || self->split_rows == NULL || line >= self->split_rows->len)
    return;
  gtk_text_buffer_get_iter_at_line (side_buffer (self->new_view), &iter,
                                    g_array_index (self->split_rows, guint, line));
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->new_view), &iter, 0.1, TRUE, 0, 0.1);
}

/**
 * _cairn_changes_pane_set_split:
 *
 * Unified, or side by side (the pane is wide enough).
 */
void
_cairn_changes_pane_set_split (CairnChangesPane *self,
                               gboolean          split)
{
  if (self->split == split)
    return;
  self->split = split;
  gtk_stack_set_visible_child_name (self->diff_stack, split ? "split" : "unified");
  if (split && self->hunks != NULL && self->hunk < self->hunks->len)
    scroll_sides_to (self, g_array_index (self->hunks, CairnHunkSpan, self->hunk).first);
}

void
_cairn_changes_pane_clear_diff (CairnChangesPane *self)
{
  g_clear_pointer (&self->diff, g_free);
  g_clear_pointer (&self->hunks, g_array_unref);
  gtk_text_buffer_set_text (diff_buffer (self), "", 0);
  fill_sides (self);
  follow_cursor (self);
  gtk_label_set_text (self->file_label, "");
  gtk_widget_set_sensitive (self->open_button, FALSE);
}

static guint
selected_index (CairnChangesPane *self)
{
  guint i = gtk_single_selection_get_selected (self->selection);

  return self->changes != NULL && i < self->changes->files->len ? i : GTK_INVALID_LIST_POSITION;
}

static const CairnGitFileChange *
selected_file (CairnChangesPane *self)
{
  guint i = selected_index (self);

  return i == GTK_INVALID_LIST_POSITION ? NULL : g_ptr_array_index (self->changes->files, i);
}

static guint
cursor_line (CairnChangesPane *self)
{
  GtkTextIter cursor;

  gtk_text_buffer_get_iter_at_mark (diff_buffer (self), &cursor, gtk_text_buffer_get_insert (diff_buffer (self)));
  return gtk_text_iter_get_line (&cursor);
}

static const CairnHunkSpan *
current_span (CairnChangesPane *self)
{
  return self->hunks && self->hunk < self->hunks->len ? &g_array_index (self->hunks, CairnHunkSpan, self->hunk)
                                                      : NULL;
}

/* The hunk the cursor is in (or the last before it) is the one the bar
 * acts on; it is shaded so that it is plain which. */
static void
follow_cursor (CairnChangesPane *self)
{
  guint line = cursor_line (self);
  g_autofree char *said = NULL;
  g_autofree char *undo_label = NULL;
  const CairnHunkSpan *span;
  GtkTextIter start, end;

  self->hunk = 0;
  for (guint h = 0; self->hunks && h < self->hunks->len; h++)
    if (g_array_index (self->hunks, CairnHunkSpan, h).first <= line)
      self->hunk = h;
  span = current_span (self);
  gtk_widget_set_sensitive (self->hunk_bar, span != NULL);
  show_undo (self);
  gtk_text_buffer_get_bounds (diff_buffer (self), &start, &end);
  gtk_text_buffer_remove_tag (diff_buffer (self), self->hunk_tag, &start, &end);
  if (span == NULL)
    {
      gtk_label_set_text (self->hunk_label, "");
      return;
    }
  gtk_text_buffer_get_iter_at_line (diff_buffer (self), &start, span->first);
  gtk_text_buffer_get_iter_at_line (diff_buffer (self), &end, span->end);
  if (span->end >= (guint)gtk_text_buffer_get_line_count (diff_buffer (self)))
    gtk_text_buffer_get_end_iter (diff_buffer (self), &end);
  gtk_text_buffer_apply_tag (diff_buffer (self), self->hunk_tag, &start, &end);
  said = g_strdup_printf (_("Hunk %u of %u"), self->hunk + 1, self->hunks->len);
  undo_label = g_strdup_printf (_("Undo hunk %u"), self->hunk + 1);
  gtk_label_set_text (self->hunk_label, said);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->undo_button), GTK_ACCESSIBLE_PROPERTY_LABEL, undo_label, -1);
}

static guint
first_change (CairnChangesPane    *self,
              const CairnHunkSpan *span)
{
  GtkTextIter iter;

  for (guint line = span->first + 1; line < span->end; line++)
    {
      gunichar c;
      gtk_text_buffer_get_iter_at_line (diff_buffer (self), &iter, line);
      c = gtk_text_iter_get_char (&iter);
      if (c == '+' || c == '-')
        return line;
    }
  return span->first + 1;
}

static void
go_to_hunk (CairnChangesPane *self,
            int               step)
{
  const CairnHunkSpan *span;
  GtkTextIter iter;
  int to = (int)self->hunk + step;

  if (self->hunks == NULL || to < 0 || to >= (int)self->hunks->len)
    return;
  span = &g_array_index (self->hunks, CairnHunkSpan, to);
  /* on the hunk's first changed line: what a comment is most likely about */
  gtk_text_buffer_get_iter_at_line (diff_buffer (self), &iter, first_change (self, span));
  gtk_text_buffer_place_cursor (diff_buffer (self), &iter);
  gtk_text_view_scroll_to_mark (GTK_TEXT_VIEW (self->diff_view), gtk_text_buffer_get_insert (diff_buffer (self)),
                                0.1, TRUE, 0, 0.1);
  scroll_sides_to (self, span->first);
}

static void
previous_hunk_cb (CairnChangesPane *self)
{
  go_to_hunk (self, -1);
}

static void
next_hunk_cb (CairnChangesPane *self)
{
  go_to_hunk (self, +1);
}

static gboolean
hunk_key_cb (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  go_to_hunk (CAIRN_CHANGES_PANE (widget), g_variant_get_int32 (args));
  return TRUE;
}

/* The note goes on the cursor's line when it is in the hunk, else on the
 * hunk's first line. */
static void
comment_activate_cb (CairnChangesPane *self)
{
  const CairnGitFileChange *file = selected_file (self);
  const CairnHunkSpan *span = current_span (self);
  const char *note = gtk_editable_get_text (self->comment_entry);
  guint line = cursor_line (self);
  g_autofree char *text = NULL;

  if (file == NULL || self->diff == NULL || span == NULL || *note == '\0')
    return;
  if (line <= span->first || line >= span->end)
    line = span->first + 1;
  text = cairn_git_diff_comment (file->path, cairn_git_diff_line_number (self->diff, line), note);
  g_signal_emit_by_name (self, "comment", text);
  gtk_editable_set_text (self->comment_entry, "");
  gtk_menu_button_popdown (self->comment_button);
}

static void
undone_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(CairnChangesPane) self = user_data;
  g_autoptr(GError) error = NULL;

  show_undo (self);
  if (!cairn_git_undo_hunk_finish (result, &error))
    _cairn_changes_pane_say (self, error->message);
  cairn_changes_pane_refresh (self);
}

static void
undo_clicked_cb (CairnChangesPane *self)
{
  guint i = selected_index (self);

  if (i == GTK_INVALID_LIST_POSITION || self->diff == NULL || current_span (self) == NULL || !can_undo (self))
    return;
  gtk_widget_set_sensitive (self->undo_button, FALSE);
  cairn_git_undo_hunk_async (self->changes, i, self->diff, self->hunk, NULL, undone_cb, g_object_ref (self));
}

static guint
line_of (const char *text,
         gsize       offset)
{
  guint line = 0;

  for (gsize i = 0; i < offset && text[i] != '\0'; i++)
    line += text[i] == '\n';
  return line;
}

static void
find_hunks (CairnChangesPane *self)
{
  g_autoptr(GArray) hunks = cairn_git_diff_hunks (self->diff);
  guint line = 0;
  gsize offset = 0;

  g_clear_pointer (&self->hunks, g_array_unref);
  self->hunks = g_array_sized_new (FALSE, FALSE, sizeof (CairnHunkSpan), hunks->len);
  for (guint h = 0; h < hunks->len; h++)
    {
      const CairnGitHunk *hunk = &g_array_index (hunks, CairnGitHunk, h);
      CairnHunkSpan span;

      span.first = line + line_of (self->diff + offset, hunk->start - offset);
      span.end = span.first + line_of (self->diff + hunk->start, hunk->end - hunk->start);
      line = span.first;
      offset = hunk->start;
      g_array_append_val (self->hunks, span);
    }
}

static void
show_diff (CairnChangesPane *self,
           char             *diff)
{
  GtkTextIter start;

  g_free (self->diff);
  self->diff = diff;
  find_hunks (self);
  gtk_text_buffer_set_text (diff_buffer (self), diff, -1);
  fill_sides (self);
  gtk_text_buffer_get_start_iter (diff_buffer (self), &start);
  gtk_text_buffer_place_cursor (diff_buffer (self), &start);
  go_to_hunk (self, 0);
  follow_cursor (self);
}

static void
diff_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(CairnChangesPane) self = user_data;
  g_autoptr(GError) error = NULL;
  char *diff = cairn_git_file_diff_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (diff == NULL)
    {
      _cairn_changes_pane_say (self, error->message);
      return;
    }
  /* the same diff again (a refresh): the view, its cursor and scroll stay */
  if (self->diff != NULL && g_str_equal (self->diff, diff))
    {
      g_free (diff);
      return;
    }
  show_diff (self, diff);
}

/**
 * _cairn_changes_pane_show_selected:
 *
 * Reads the selected file's diff (again).
 */
void
_cairn_changes_pane_show_selected (CairnChangesPane *self)
{
  const CairnGitFileChange *file = selected_file (self);

  g_cancellable_cancel (self->diffing);
  g_clear_object (&self->diffing);
  if (file == NULL)
    {
      g_clear_pointer (&self->diff_path, g_free);
      _cairn_changes_pane_clear_diff (self);
      return;
    }
  if (g_strcmp0 (self->diff_path, file->path) != 0)
    {
      g_clear_pointer (&self->diff, g_free);
      g_free (self->diff_path);
      self->diff_path = g_strdup (file->path);
    }
  gtk_label_set_text (self->file_label, file->path);
  gtk_widget_set_sensitive (self->open_button, TRUE);
  /* no git: what the calls said is all there is to show */
  if (self->changes->base == NULL)
    {
      if (self->diff == NULL || g_strcmp0 (self->diff, file->known_diff) != 0)
        show_diff (self, g_strdup (file->known_diff ? file->known_diff : ""));
      return;
    }
  self->diffing = g_cancellable_new ();
  cairn_git_file_diff_async (self->changes, selected_index (self), self->diffing, diff_cb, g_object_ref (self));
}

static void
launched_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(CairnChangesPane) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    _cairn_changes_pane_say (self, error->message);
}

/* The user's editor for the file, through the portal in the Flatpak. */
static void
open_clicked_cb (CairnChangesPane *self)
{
  const CairnGitFileChange *file = selected_file (self);
  g_autofree char *path = NULL;
  g_autofree char *uri = NULL;
  g_autoptr(GAppLaunchContext) context = NULL;

  if (file == NULL)
    return;
  path = g_build_filename (self->changes->toplevel, file->path, NULL);
  uri = g_filename_to_uri (path, NULL, NULL);
  context = G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (self))));
  if (uri != NULL)
    g_app_info_launch_default_for_uri_async (uri, context, NULL, launched_cb, g_object_ref (self));
}

void
_cairn_changes_pane_class_init_diff (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, hunk_bar);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, hunk_label);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, undo_button);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, comment_button);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, comment_entry);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, diff_stack);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, old_view);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, new_view);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, old_scroller);
  gtk_widget_class_bind_template_child (widget_class, CairnChangesPane, new_scroller);
  gtk_widget_class_bind_template_callback (widget_class, open_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, previous_hunk_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_hunk_cb);
  gtk_widget_class_bind_template_callback (widget_class, undo_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, comment_activate_cb);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Up, GDK_ALT_MASK, hunk_key_cb, "i", -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Down, GDK_ALT_MASK, hunk_key_cb, "i", 1);
}

/* The first time the pane is shown, not when the window is made: the
 * language manager's first look-up reads every language GtkSourceView
 * has (about 150 files), which held the window's first frame. */
void
_cairn_changes_pane_highlight_diff (CairnChangesPane *self)
{
  GtkSourceLanguageManager *manager = gtk_source_language_manager_get_default ();
  GtkSourceBuffer *buffers[] = { GTK_SOURCE_BUFFER (diff_buffer (self)), GTK_SOURCE_BUFFER (side_buffer (self->old_view)),
                                  GTK_SOURCE_BUFFER (side_buffer (self->new_view)) };

  if (self->highlighted)
    return;
  self->highlighted = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (buffers); i++)
    {
      gtk_source_buffer_set_language (buffers[i], gtk_source_language_manager_get_language (manager, "diff"));
      cairn_source_style_follow (buffers[i]);
    }
}

void
_cairn_changes_pane_init_diff (CairnChangesPane *self)
{
  GtkSourceBuffer *buffer = GTK_SOURCE_BUFFER (diff_buffer (self));
  GtkSourceBuffer *buffers[] = { buffer, GTK_SOURCE_BUFFER (side_buffer (self->old_view)),
                                  GTK_SOURCE_BUFFER (side_buffer (self->new_view)) };

  for (guint i = 0; i < G_N_ELEMENTS (buffers); i++)
    gtk_source_buffer_set_highlight_matching_brackets (buffers[i], FALSE);
  /* synced scrolling: one vertical adjustment; the old side shows no bar */
  gtk_scrolled_window_set_vadjustment (self->old_scroller, gtk_scrolled_window_get_vadjustment (self->new_scroller));
  /* a shade any style shows, light or dark */
  self->hunk_tag = gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (buffer), NULL, "paragraph-background-rgba",
                                               &(GdkRGBA) { 0.5, 0.5, 0.5, 0.12 }, NULL);
  g_signal_connect_object (buffer, "notify::cursor-position", G_CALLBACK (follow_cursor), self, G_CONNECT_SWAPPED);
}
