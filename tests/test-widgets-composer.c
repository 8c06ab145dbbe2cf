/* test-widgets-composer.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The composer (src/ui/page): sending, completion, history, and what is
 * attached: dropped, pasted and sent images. Runs on Xvfb. */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include <adwaita.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gtksourceview/gtksource.h>

#include "page/cairn-attachment-chip.h"
#include "attachments/cairn-attachment-store.h"
#include "page/cairn-attachment-tray.h"
#include "page/cairn-composer.h"
#include "cairn-test-ui.h"

static void
record_send_cb (CairnComposer *composer,
                const char    *text,
                GPtrArray     *images,
                GPtrArray     *sent)
{
  g_ptr_array_add (sent, g_strdup (text));
}

/* In a window, as in the app: an unrooted button does not follow the
 * enabled state of its action in GTK 4.8. */
static GtkWidget *
new_composer_in_window (GtkWindow **window)
{
  GtkWidget *composer = g_object_new (CAIRN_TYPE_COMPOSER, NULL);

  *window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_child (*window, composer);
  return composer;
}

static void
test_composer_send (void)
{
  g_autoptr(GPtrArray) sent = g_ptr_array_new_with_free_func (g_free);
  GtkWindow *window;
  GtkWidget *composer = new_composer_in_window (&window);
  GtkWidget *send = cairn_test_button_for (composer, "composer.send");
  GtkWidget *view = cairn_test_find_shown (composer, GTK_TYPE_TEXT_VIEW, NULL, NULL);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));

  g_assert_nonnull (send);
  g_signal_connect (composer, "send", G_CALLBACK (record_send_cb), sent);

  g_assert_false (gtk_widget_get_sensitive (send));
  gtk_text_buffer_set_text (buffer, "  \n ", -1);
  g_assert_false (gtk_widget_get_sensitive (send));
  gtk_text_buffer_set_text (buffer, "Explain this code", -1);
  g_assert_true (gtk_widget_get_sensitive (send));

  gtk_widget_activate_action (composer, "composer.send", NULL);
  g_assert_cmpuint (sent->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (sent, 0), ==, "Explain this code");
  g_assert_cmpint (gtk_text_buffer_get_char_count (buffer), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (send));

  gtk_window_destroy (window);
}

static void
test_composer_busy (void)
{
  GtkWindow *window;
  GtkWidget *composer = new_composer_in_window (&window);
  GtkWidget *stop = cairn_test_button_for (composer, "page.stop");

  g_assert_nonnull (stop);
  g_assert_false (gtk_widget_get_visible (stop));
  cairn_composer_set_busy (CAIRN_COMPOSER (composer), TRUE);
  g_assert_true (cairn_composer_get_busy (CAIRN_COMPOSER (composer)));
  g_assert_true (gtk_widget_get_visible (stop));
  cairn_composer_set_busy (CAIRN_COMPOSER (composer), FALSE);
  g_assert_false (gtk_widget_get_visible (stop));

  gtk_window_destroy (window);
}

static GtkWidget *
find_popover (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = GTK_IS_POPOVER (child) ? child : find_popover (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Typing "/" offers the CLI's slash commands; Tab completes the choice. */
static void
test_composer_slash_completion (void)
{
  static const char *commands[] = { "compact", "cost", "review", NULL };
  GtkWidget *window = gtk_window_new ();
  CairnComposer *composer = g_object_new (CAIRN_TYPE_COMPOSER, NULL);
  GtkTextView *view;
  GtkWidget *popover;
  g_autofree char *text = NULL;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (composer));
  gtk_window_present (GTK_WINDOW (window));
  cairn_composer_set_commands (composer, commands);
  view = GTK_TEXT_VIEW (cairn_test_find_shown (GTK_WIDGET (composer), GTK_TYPE_TEXT_VIEW, NULL,
                                               NULL));
  popover = find_popover (GTK_WIDGET (composer));
  g_assert_nonnull (popover);

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "/co", -1);
  g_assert_true (gtk_widget_get_visible (popover));
  g_assert_nonnull (cairn_test_find_shown (popover, GTK_TYPE_LABEL, cairn_test_label_is,
                                           "/compact"));
  g_assert_nonnull (cairn_test_find_shown (popover, GTK_TYPE_LABEL, cairn_test_label_is, "/cost"));
  g_assert_null (cairn_test_find_shown (popover, GTK_TYPE_LABEL, cairn_test_label_is, "/review"));

  cairn_test_press_key (GTK_WIDGET (view), GDK_KEY_Down);
  cairn_test_press_key (GTK_WIDGET (view), GDK_KEY_Tab);
  text = cairn_composer_dup_text (composer);
  g_assert_cmpstr (text, ==, "/cost ");
  g_assert_false (gtk_widget_get_visible (popover));

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "plain text", -1);
  g_assert_false (gtk_widget_get_visible (popover));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Image attachments, "@" completion and prompt history in the composer
 * (issue 5) */

static char *
write_png (const char *dir,
           const char *name,
           int         width,
           int         height)
{
  g_autoptr(GdkPixbuf) pixbuf = cairn_test_new_picture (width, height);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  gdk_pixbuf_save (pixbuf, path, "png", &error, NULL);
  g_assert_no_error (error);
  return path;
}

static char *
write_text_file (const char *dir,
                 const char *name,
                 const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);
  g_autofree char *folder = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

static void
remove_tree (const char *dir)
{
  const char *argv[] = { "/bin/rm", "-rf", "--", dir, NULL };

  g_assert_true (g_str_has_prefix (dir, g_get_tmp_dir ()));
  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, NULL, NULL);
}

/* A composer in a shown window, with a store for a fresh project. */
typedef struct
{
  char                 *project;
  CairnAttachmentStore *store;
  GtkWindow            *window;
  CairnComposer        *composer;
  CairnAttachmentTray  *tray;
  GtkTextView          *view;
  GPtrArray            *sent_texts;
  GPtrArray            *sent_images;
} ComposerFixture;

static void
fixture_send_cb (CairnComposer   *composer,
                 const char      *text,
                 GPtrArray       *images,
                 ComposerFixture *f)
{
  g_ptr_array_add (f->sent_texts, g_strdup (text));
  g_ptr_array_add (f->sent_images, images ? g_ptr_array_ref (images) : g_ptr_array_new ());
}

static void
composer_fixture_init (ComposerFixture *f)
{
  g_autoptr(GError) error = NULL;

  f->project = g_dir_make_tmp ("cairn-composer-XXXXXX", &error);
  g_assert_no_error (error);
  f->store = cairn_attachment_store_new (f->project);
  f->composer = CAIRN_COMPOSER (new_composer_in_window (&f->window));
  cairn_composer_set_attachment_store (f->composer, f->store);
  gtk_window_present (f->window);
  f->tray = CAIRN_ATTACHMENT_TRAY (cairn_test_find_shown (GTK_WIDGET (f->composer),
                                                          CAIRN_TYPE_ATTACHMENT_TRAY, NULL, NULL));
  f->view = GTK_TEXT_VIEW (cairn_test_find_shown (GTK_WIDGET (f->composer), GTK_TYPE_TEXT_VIEW,
                                                  NULL, NULL));
  f->sent_texts = g_ptr_array_new_with_free_func (g_free);
  f->sent_images = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);
  g_assert_nonnull (f->tray);
  g_signal_connect (f->composer, "send", G_CALLBACK (fixture_send_cb), f);
}

static void
composer_fixture_clear (ComposerFixture *f)
{
  gtk_window_destroy (f->window);
  cairn_test_drain_main_context ();
  g_clear_object (&f->store);
  remove_tree (f->project);
  g_free (f->project);
  g_ptr_array_unref (f->sent_texts);
  g_ptr_array_unref (f->sent_images);
}

static gboolean
tray_idle (gpointer data)
{
  return !cairn_attachment_tray_get_busy (data);
}

static void
add_files (ComposerFixture *f,
           const char      *first_path,
           ...)
{
  GSList *files = NULL;
  va_list args;

  va_start (args, first_path);
  for (const char *path = first_path; path != NULL; path = va_arg (args, const char *))
    files = g_slist_append (files, g_file_new_for_path (path));
  va_end (args);
  /* what a drop of a file list, or a paste of copied files, calls */
  cairn_composer_add_files (f->composer, files);
  g_slist_free_full (files, g_object_unref);
  g_assert_true (cairn_test_poll_until (tray_idle, f->tray, 10000));
}

static gboolean
message_revealed (gpointer tray)
{
  GtkWidget *revealer = cairn_test_find_shown (tray, GTK_TYPE_REVEALER, NULL, NULL);

  return revealer != NULL && gtk_revealer_get_child_revealed (GTK_REVEALER (revealer));
}

static guint
count_chips (GtkWidget *root)
{
  guint n = CAIRN_IS_ATTACHMENT_CHIP (root) && cairn_test_is_shown (root);

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_chips (child);
  return n;
}

static void
click_remove (ComposerFixture *f,
              const char      *name)
{
  g_autofree char *tooltip = g_strdup_printf ("Remove %s", name);
  GtkWidget *button = cairn_test_find_shown (GTK_WIDGET (f->tray), GTK_TYPE_BUTTON,
                                             cairn_test_tooltip_is, tooltip);

  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
}

/* Dropped or pasted files: an image becomes a chip with its name and size;
 * a text file named .png gets a message and no chip. */
static void
test_composer_attach_files (void)
{
  ComposerFixture f = { 0 };
  g_autofree char *pictures = NULL;
  g_autofree char *png = NULL;
  g_autofree char *fake = NULL;
  g_autofree char *size = NULL;
  g_autofree char *details = NULL;
  GtkWidget *send;
  gsize length;

  composer_fixture_init (&f);
  send = cairn_test_button_for (GTK_WIDGET (f.composer), "composer.send");
  pictures = g_build_filename (f.project, "pictures", NULL);
  fake = write_text_file (pictures, "notes.png", "just some text\n");
  png = write_png (pictures, "shot.png", 64, 48);
  {
    g_autofree char *contents = NULL;
    g_assert_true (g_file_get_contents (png, &contents, &length, NULL));
  }

  add_files (&f, png, fake, NULL);
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 1);
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (f.tray), "shot.png"));
  size = g_format_size (length);
  details = g_strdup_printf ("%s · 64 × 48", size);
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (f.tray), details));
  g_assert_nonnull (cairn_attachment_tray_get_error (f.tray));
  g_assert_nonnull (strstr (cairn_attachment_tray_get_error (f.tray), "notes.png"));
  /* the message slides in */
  g_assert_true (cairn_test_poll_until (message_revealed, f.tray, 5000));
  g_assert_nonnull (cairn_test_find_shown (GTK_WIDGET (f.tray), GTK_TYPE_LABEL,
                                           cairn_test_label_contains, "notes.png"));
  g_assert_false (cairn_test_shows_text (GTK_WIDGET (f.tray), "notes.png"));
  /* an image alone can be sent */
  g_assert_true (gtk_widget_get_sensitive (send));

  /* the only image goes: nothing left to send */
  click_remove (&f, "shot.png");
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (send));

  /* a folder is not an image either */
  add_files (&f, pictures, NULL);
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 0);
  g_assert_nonnull (strstr (cairn_attachment_tray_get_error (f.tray), "pictures"));
  composer_fixture_clear (&f);
}

static gboolean
has_sent (gpointer data)
{
  return ((ComposerFixture *)data)->sent_texts->len > 0;
}

/* Pasted image data (a texture, as Ctrl+V or a drop from a browser gives
 * it) and a file, sent together: saved into the project, in order, and
 * the composer empties once they are. */
static void
test_composer_send_images (void)
{
  ComposerFixture f = { 0 };
  g_autoptr(GdkPixbuf) pixbuf = cairn_test_new_picture (32, 20);
  g_autoptr(GdkTexture) texture = gdk_texture_new_for_pixbuf (pixbuf);
  g_autofree char *png = NULL;
  g_autofree char *images_dir = NULL;
  g_autofree char *text = NULL;
  GPtrArray *images;

  composer_fixture_init (&f);
  png = write_png (f.project, "diagram.png", 64, 48);
  cairn_composer_add_texture (f.composer, texture, "Pasted image");
  g_assert_true (cairn_test_poll_until (tray_idle, f.tray, 10000));
  add_files (&f, png, NULL);
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 2);
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (f.tray), "Pasted image"));

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (f.view), "  What are these?  ", -1);
  gtk_widget_activate_action (GTK_WIDGET (f.composer), "composer.send", NULL);
  g_assert_true (cairn_test_poll_until (has_sent, &f, 10000));

  g_assert_cmpstr (g_ptr_array_index (f.sent_texts, 0), ==, "What are these?");
  images = g_ptr_array_index (f.sent_images, 0);
  g_assert_nonnull (images);
  g_assert_cmpuint (images->len, ==, 2);
  images_dir = cairn_attachment_store_dup_images_dir (f.store);
  for (guint i = 0; i < 2; i++)
    {
      const char *path = cairn_attachment_get_path (g_ptr_array_index (images, i));
      g_assert_true (g_str_has_prefix (path, images_dir));
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
  g_assert_cmpstr (cairn_attachment_get_media_type (images->pdata[0]), ==, "image/png");
  g_assert_cmpint (cairn_attachment_get_width (g_ptr_array_index (images, 0)), ==, 32);
  g_assert_cmpint (cairn_attachment_get_width (g_ptr_array_index (images, 1)), ==, 64);
  text = cairn_composer_dup_text (f.composer);
  g_assert_cmpstr (text, ==, "");
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 0);
  composer_fixture_clear (&f);
}

static gboolean
tray_has_one (gpointer tray)
{
  return !cairn_attachment_tray_get_busy (tray) &&
         g_list_model_get_n_items (cairn_attachment_tray_get_attachments (tray)) == 1;
}

/* Pasted image data in a type the API takes reaches it byte for byte: a
 * PNG or JPEG on the clipboard is attached as it is, not decoded and
 * encoded again as PNG (a 6,321-byte PNG was sent as 138 bytes). So is a
 * dropped or picked file. */
static void
test_composer_paste_keeps_bytes (void)
{
  static const char *types[][2] = { { "png", "image/png" }, { "jpeg", "image/jpeg" } };
  ComposerFixture f = { 0 };
  g_autoptr(GdkPixbuf) pixbuf = cairn_test_new_picture (40, 30);

  composer_fixture_init (&f);
  /* some texture in it, so that a second encoding would differ */
  for (int y = 0; y < 30; y++)
    gdk_pixbuf_get_pixels (pixbuf)[y * gdk_pixbuf_get_rowstride (pixbuf) + y] = (guchar)(y * 7);
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f.view));
      g_autoptr(GdkContentProvider) provider = NULL;
      g_autoptr(GBytes) original = NULL;
      g_autoptr(CairnAttachment) attachment = NULL;
      g_autoptr(GError) error = NULL;
      char *buffer;
      gsize size;

      g_assert_true (gdk_pixbuf_save_to_buffer (pixbuf, &buffer, &size, types[i][0], &error, NULL));
      g_assert_no_error (error);
      original = g_bytes_new_take (buffer, size);
      provider = gdk_content_provider_new_for_bytes (types[i][1], original);
      gdk_clipboard_set_content (clipboard, provider);
      cairn_attachment_tray_clear (f.tray);

      g_signal_emit_by_name (f.view, "paste-clipboard");
      /* the clipboard is read asynchronously, then the image prepared */
      g_assert_true (cairn_test_poll_until (tray_has_one, f.tray, 10000));
      g_assert_cmpuint (g_list_model_get_n_items (cairn_attachment_tray_get_attachments (f.tray)), ==, 1);
      attachment = g_list_model_get_item (cairn_attachment_tray_get_attachments (f.tray), 0);
      g_assert_cmpstr (cairn_attachment_get_media_type (attachment), ==, types[i][1]);
      g_assert_true (g_bytes_equal (cairn_attachment_get_data (attachment), original));
    }
  /* a dropped or picked file goes byte for byte too */
  {
    g_autofree char *path = write_png (f.project, "dropped.png", 40, 30);
    g_autofree char *contents = NULL;
    g_autoptr(GBytes) file_bytes = NULL;
    g_autoptr(CairnAttachment) attachment = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
    file_bytes = g_bytes_new (contents, length);
    cairn_attachment_tray_clear (f.tray);
    add_files (&f, path, NULL);
    attachment = g_list_model_get_item (cairn_attachment_tray_get_attachments (f.tray), 0);
    g_assert_true (g_bytes_equal (cairn_attachment_get_data (attachment), file_bytes));
  }
  composer_fixture_clear (&f);
}

static gboolean
send_enabled (gpointer data)
{
  return gtk_widget_get_sensitive (data);
}

/* When an image can't be saved, nothing is sent and nothing is lost. */
static void
test_composer_save_error_keeps_draft (void)
{
  ComposerFixture f = { 0 };
  g_autofree char *png = NULL;
  g_autofree char *blocker = NULL;
  g_autofree char *text = NULL;
  GtkWidget *send;

  composer_fixture_init (&f);
  send = cairn_test_button_for (GTK_WIDGET (f.composer), "composer.send");
  png = write_png (f.project, "diagram.png", 64, 48);
  /* .cairn is a file: the images' folder can't be made */
  blocker = write_text_file (f.project, ".cairn", "in the way\n");
  add_files (&f, png, NULL);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (f.view), "Look", -1);
  gtk_widget_activate_action (GTK_WIDGET (f.composer), "composer.send", NULL);
  g_assert_false (gtk_widget_get_sensitive (send));
  g_assert_true (cairn_test_poll_until (send_enabled, send, 10000));

  g_assert_cmpuint (f.sent_texts->len, ==, 0);
  g_assert_nonnull (cairn_attachment_tray_get_error (f.tray));
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 1);
  text = cairn_composer_dup_text (f.composer);
  g_assert_cmpstr (text, ==, "Look");
  g_assert_true (gtk_text_view_get_editable (f.view));
  composer_fixture_clear (&f);
}

static gboolean
popover_shown (gpointer data)
{
  return gtk_widget_get_visible (data);
}

/* "@" offers the project's files, without what .gitignore excludes. */
static void
test_composer_file_completion (void)
{
  ComposerFixture f = { 0 };
  g_autofree char *main_c = NULL;
  g_autofree char *map_o = NULL;
  g_autofree char *ignore = NULL;
  g_autofree char *text = NULL;
  GtkTextBuffer *buffer;
  GtkTextIter iter;
  GtkWidget *popover;

  composer_fixture_init (&f);
  main_c = write_text_file (f.project, "src/main.c", "int main;\n");
  map_o = write_text_file (f.project, "src/map.o", "\n");
  ignore = write_text_file (f.project, ".gitignore", "*.o\n");
  buffer = gtk_text_view_get_buffer (f.view);
  popover = find_popover (GTK_WIDGET (f.composer));
  g_setenv ("GIT_DIR", "/nonexistent", TRUE);

  gtk_text_buffer_set_text (buffer, "@src/ma", -1);
  g_assert_true (cairn_test_poll_until (popover_shown, popover, 10000));
  g_assert_nonnull (cairn_test_find_shown (popover, GTK_TYPE_LABEL, cairn_test_label_is,
                                           "@src/main.c"));
  g_assert_null (cairn_test_find_shown (popover, GTK_TYPE_LABEL, cairn_test_label_is,
                                        "@src/map.o"));
  cairn_test_press_key (GTK_WIDGET (f.view), GDK_KEY_Tab);
  text = cairn_composer_dup_text (f.composer);
  g_assert_cmpstr (text, ==, "@src/main.c ");
  g_assert_false (gtk_widget_get_visible (popover));
  g_clear_pointer (&text, g_free);

  /* typed in the middle of a sentence */
  gtk_text_buffer_set_text (buffer, "Explain  please", -1);
  gtk_text_buffer_get_iter_at_offset (buffer, &iter, strlen ("Explain "));
  gtk_text_buffer_place_cursor (buffer, &iter);
  gtk_text_buffer_insert_at_cursor (buffer, "@mai", -1);
  g_assert_true (gtk_widget_get_visible (popover));
  cairn_test_press_key (GTK_WIDGET (f.view), GDK_KEY_Return);
  text = cairn_composer_dup_text (f.composer);
  g_assert_cmpstr (text, ==, "Explain @src/main.c please");
  g_assert_cmpuint (f.sent_texts->len, ==, 0);

  /* an e-mail address is not a file */
  gtk_text_buffer_set_text (buffer, "me@src", -1);
  g_assert_false (gtk_widget_get_visible (popover));
  g_unsetenv ("GIT_DIR");
  composer_fixture_clear (&f);
}

static gboolean
key_handled (GtkWidget *text_view,
             guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (text_view);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (controller) &&
          gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  return handled;
}

static void
assert_composer_text (ComposerFixture *f,
                      const char      *expected)
{
  g_autofree char *text = cairn_composer_dup_text (f->composer);

  g_assert_cmpstr (text, ==, expected);
}

/* Up on an empty composer: the prompts sent before, newest first. */
static void
test_composer_history (void)
{
  ComposerFixture f = { 0 };
  GtkTextBuffer *buffer;
  GtkWidget *view;

  composer_fixture_init (&f);
  buffer = gtk_text_view_get_buffer (f.view);
  view = GTK_WIDGET (f.view);
  g_assert_false (key_handled (view, GDK_KEY_Up));
  gtk_text_buffer_set_text (buffer, "first prompt", -1);
  gtk_widget_activate_action (GTK_WIDGET (f.composer), "composer.send", NULL);
  gtk_text_buffer_set_text (buffer, "second prompt", -1);
  gtk_widget_activate_action (GTK_WIDGET (f.composer), "composer.send", NULL);
  g_assert_cmpuint (f.sent_texts->len, ==, 2);

  g_assert_true (key_handled (view, GDK_KEY_Up));
  assert_composer_text (&f, "second prompt");
  g_assert_true (key_handled (view, GDK_KEY_Up));
  assert_composer_text (&f, "first prompt");
  g_assert_true (key_handled (view, GDK_KEY_Up));
  assert_composer_text (&f, "first prompt");
  g_assert_true (key_handled (view, GDK_KEY_Down));
  assert_composer_text (&f, "second prompt");
  g_assert_true (key_handled (view, GDK_KEY_Down));
  assert_composer_text (&f, "");
  g_assert_false (key_handled (view, GDK_KEY_Down));

  /* the user's own text: Up moves the cursor, as in any text */
  gtk_text_buffer_set_text (buffer, "a draft", -1);
  g_assert_false (key_handled (view, GDK_KEY_Up));
  assert_composer_text (&f, "a draft");
  composer_fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/cairn/widgets/composer/send", test_composer_send);
  g_test_add_func ("/cairn/widgets/composer/paste-keeps-bytes", test_composer_paste_keeps_bytes);
  g_test_add_func ("/cairn/widgets/composer/busy", test_composer_busy);
  g_test_add_func ("/cairn/widgets/composer/slash-completion", test_composer_slash_completion);
  g_test_add_func ("/cairn/widgets/composer/attach-files", test_composer_attach_files);
  g_test_add_func ("/cairn/widgets/composer/send-images", test_composer_send_images);
  g_test_add_func ("/cairn/widgets/composer/save-error-keeps-draft",
                   test_composer_save_error_keeps_draft);
  g_test_add_func ("/cairn/widgets/composer/file-completion", test_composer_file_completion);
  g_test_add_func ("/cairn/widgets/composer/history", test_composer_history);

  return g_test_run ();
}
