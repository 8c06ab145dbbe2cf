/* test-idle.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Waiting costs nothing (issue 27): while a turn runs, an approval waits
 * or a conversation works out of sight, Cairn asks for a few frames a
 * second at most, none while its window is not the active one, and it
 * draws with cairo when OpenGL is software. These check behaviour, not
 * CPU time: the frames a window paints in a second (a spinner's CSS
 * animation paints 60), whether the indicator's timer runs, which
 * renderer a window got. tests/bench-idle.py has the CPU figures. Runs
 * on Xvfb (tests/run-headless.sh), where GTK focuses a presented window
 * itself (no window manager). */

#include "config.h"

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "cairn-renderer.h"
#include "cairn-renderer-kept.h"
#include "rows/cairn-transcript-row.h"
#include "widgets/cairn-working-indicator.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-tool-call-item.h"

/* Waits up to 5 s for @window to become (or stop being) the active one. */
static gboolean
wait_active (GtkWindow *window,
             gboolean   active)
{
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (gtk_window_is_active (window) != active && g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return gtk_window_is_active (window) == active;
}

/* Shown and focused: presented again once mapped, as GTK focuses only a
 * window the X server shows. */
static void
show_focused (GtkWindow *window)
{
  gtk_window_present (window);
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  gtk_window_present (window);
  g_assert_true (wait_active (window, TRUE));
}

static void
count_frame_cb (GdkFrameClock *frame_clock,
                guint         *frames)
{
  (*frames)++;
}

static gboolean
quit_cb (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

/* The frames @window paints in @ms. */
static guint
frames_painted (GtkWindow *window,
                guint      ms)
{
  GdkFrameClock *frame_clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  guint frames = 0;
  gulong id = g_signal_connect (frame_clock, "after-paint", G_CALLBACK (count_frame_cb), &frames);

  g_timeout_add (ms, quit_cb, loop);
  g_main_loop_run (loop);
  g_signal_handler_disconnect (frame_clock, id);
  return frames;
}

/* Lets the window settle: its first frames (layout, rows built). */
static void
settle (GtkWindow *window)
{
  frames_painted (window, 300);
}

static GtkWidget *
row_for (CairnItem *item)
{
  GtkWidget *row = g_object_new (CAIRN_TYPE_TRANSCRIPT_ROW, NULL);

  cairn_transcript_row_set_item (CAIRN_TRANSCRIPT_ROW (row), item);
  return row;
}

static CairnWorkingIndicator *
first_indicator (GtkWidget *root)
{
  if (CAIRN_IS_WORKING_INDICATOR (root) && gtk_widget_get_mapped (root))
    return CAIRN_WORKING_INDICATOR (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      CairnWorkingIndicator *found = first_indicator (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* What a turn waiting for an approval shows: a reply still streaming,
 * thinking, and the Write it asks about, running. */
static GtkWindow *
window_of_a_waiting_turn (void)
{
  g_autoptr(CairnTextItem) reply = cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, "Writing it.");
  g_autoptr(CairnTextItem) thinking = cairn_text_item_new (CAIRN_ITEM_KIND_THINKING, "Let me see");
  g_autoptr(CairnToolCallItem) tool = cairn_tool_call_item_new ("toolu_1", "Write", "/p");
  g_autoptr(JsonParser) parser = json_parser_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  g_assert_true (json_parser_load_from_data (parser, "{\"file_path\": \"/p/a.txt\", "
                                             "\"content\": \"hello\\n\"}", -1, NULL));
  cairn_tool_call_item_set_input (tool, json_node_get_object (json_parser_get_root (parser)));
  cairn_text_item_set_streaming (reply, TRUE);
  cairn_text_item_set_streaming (thinking, TRUE);
  gtk_box_append (GTK_BOX (box), row_for (CAIRN_ITEM (thinking)));
  gtk_box_append (GTK_BOX (box), row_for (CAIRN_ITEM (reply)));
  gtk_box_append (GTK_BOX (box), row_for (CAIRN_ITEM (tool)));
  gtk_window_set_child (window, box);
  gtk_window_set_default_size (window, 600, 400);
  return window;
}

/* The frames a running turn asks for: three a second from the dots, not
 * sixty from a spinner. */
static void
test_running_turn_paints_few_frames (void)
{
  GtkWindow *window = window_of_a_waiting_turn ();
  CairnWorkingIndicator *indicator;
  guint frames;

  show_focused (window);
  settle (window);
  indicator = first_indicator (GTK_WIDGET (window));
  g_assert_nonnull (indicator);
  g_assert_true (cairn_working_indicator_is_animating (indicator));

  frames = frames_painted (window, 2000);
  g_test_message ("frames painted in 2 s while a turn runs: %u", frames);
  g_assert_cmpuint (frames, <=, 2 * 4);
  gtk_window_destroy (window);
}

/* The dots stand still while another window is the active one, and move
 * again when it comes back; nothing is painted meanwhile. */
static void
test_inactive_window_stands_still (void)
{
  GtkWindow *window = window_of_a_waiting_turn ();
  GtkWindow *other = GTK_WINDOW (gtk_window_new ());
  CairnWorkingIndicator *indicator;

  show_focused (window);
  settle (window);
  indicator = first_indicator (GTK_WIDGET (window));
  g_assert_true (cairn_working_indicator_is_animating (indicator));

  show_focused (other);
  g_assert_true (wait_active (window, FALSE));
  g_assert_false (cairn_working_indicator_is_animating (indicator));
  settle (window);
  g_assert_cmpuint (frames_painted (window, 1000), ==, 0);

  show_focused (window);
  g_assert_true (cairn_working_indicator_is_animating (indicator));
  gtk_window_destroy (other);
  gtk_window_destroy (window);
}

/* Hidden, or done working: no timer. */
static void
test_hidden_or_done_stands_still (void)
{
  CairnWorkingIndicator *indicator = CAIRN_WORKING_INDICATOR (cairn_working_indicator_new ());
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  cairn_working_indicator_set_working (indicator, TRUE);
  g_assert_false (cairn_working_indicator_is_animating (indicator));   /* not shown yet */
  gtk_window_set_child (window, GTK_WIDGET (indicator));
  show_focused (window);
  g_assert_true (cairn_working_indicator_is_animating (indicator));

  cairn_working_indicator_set_working (indicator, FALSE);
  g_assert_false (cairn_working_indicator_is_animating (indicator));
  cairn_working_indicator_set_working (indicator, TRUE);
  g_assert_true (cairn_working_indicator_is_animating (indicator));

  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  g_assert_false (cairn_working_indicator_is_animating (indicator));
  gtk_window_destroy (window);
}

/* A screen reader hears what it is. */
static void
test_indicator_is_named (void)
{
  GtkWidget *indicator = g_object_ref_sink (cairn_working_indicator_new ());

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (indicator)), ==,
                   GTK_ACCESSIBLE_ROLE_PROGRESS_BAR);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (indicator), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Working");
  g_object_unref (indicator);
}

static void
test_software_gl_names (void)
{
  g_assert_true (cairn_renderer_is_software_gl ("llvmpipe (LLVM 15.0.6, 256 bits)"));
  g_assert_true (cairn_renderer_is_software_gl ("softpipe"));
  g_assert_true (cairn_renderer_is_software_gl ("Software Rasterizer"));
  g_assert_false (cairn_renderer_is_software_gl ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
  g_assert_false (cairn_renderer_is_software_gl ("AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49)"));
  g_assert_false (cairn_renderer_is_software_gl (NULL));
}

/* On software GL (Xvfb's is llvmpipe), windows draw with cairo. GTK
 * reads GSK_RENDERER once, when the first window is shown: main() unset
 * it, and this runs first. */
static void
test_software_gl_draws_with_cairo (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  g_autofree char *gl = cairn_renderer_describe_gl (display);
  GtkWindow *window;

  if (!cairn_renderer_is_software_gl (gl))
    {
      g_test_skip_printf ("OpenGL here is not software: %s", gl ? gl : "none");
      return;
    }
  g_test_message ("OpenGL: %s", gl);
  g_assert_true (cairn_renderer_avoid_software_gl (display));
  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_present (window);
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))), ==,
                   "GskCairoRenderer");
  gtk_window_destroy (window);
}

/* The renderer named without a GL context is the one a context gets. */
static void
test_gl_named_without_context (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  g_autofree char *named = cairn_renderer_describe_gl (display);
  g_autofree char *made = cairn_renderer_describe_gl_context (display);

  if (made == NULL)
    {
      g_test_skip ("no OpenGL here");
      return;
    }
  g_test_message ("OpenGL: %s", made);
  g_assert_cmpstr (named, ==, made);
}

static gboolean
kept_is (const char *key,
         const char *expected)
{
  g_autofree char *kept = cairn_renderer_kept_read (key);

  return g_strcmp0 (kept, expected) == 0;
}

/* Software GL found is kept for the next launch on the same display and
 * settings, which then opens the display without GL; any change of them
 * and it asks again. */
static void
test_software_gl_kept (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  g_autofree char *gl = cairn_renderer_describe_gl (display);
  g_autofree char *key = cairn_renderer_kept_key ();
  g_autofree char *other_key = NULL;
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  if (!cairn_renderer_is_software_gl (gl))
    {
      g_test_skip_printf ("OpenGL here is not software: %s", gl ? gl : "none");
      return;
    }
  g_assert_nonnull (key);
  cairn_renderer_keep (key, NULL);
  g_assert_true (kept_is (key, NULL));
  g_assert_false (cairn_renderer_software_gl_kept ());

  g_assert_true (cairn_renderer_avoid_software_gl (display));
  while (!kept_is (key, gl) && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (kept_is (key, gl));
  g_assert_true (cairn_renderer_software_gl_kept ());

  /* another driver asked for: not the same verdict */
  g_setenv ("LIBGL_ALWAYS_SOFTWARE", "0", TRUE);
  other_key = cairn_renderer_kept_key ();
  g_unsetenv ("LIBGL_ALWAYS_SOFTWARE");
  g_assert_cmpstr (key, !=, other_key);
  g_assert_true (kept_is (other_key, NULL));

  cairn_renderer_keep (key, NULL);
  g_assert_true (kept_is (key, NULL));
}

int
main (int   argc,
      char *argv[])
{
  /* the renderer is Cairn's to choose here (run-headless.sh sets cairo) */
  g_unsetenv ("GSK_RENDERER");
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/cairn/idle/software-gl-draws-with-cairo", test_software_gl_draws_with_cairo);
  g_test_add_func ("/cairn/idle/software-gl-names", test_software_gl_names);
  g_test_add_func ("/cairn/idle/gl-named-without-context", test_gl_named_without_context);
  g_test_add_func ("/cairn/idle/software-gl-kept", test_software_gl_kept);
  g_test_add_func ("/cairn/idle/indicator-is-named", test_indicator_is_named);
  g_test_add_func ("/cairn/idle/running-turn-paints-few-frames", test_running_turn_paints_few_frames);
  g_test_add_func ("/cairn/idle/inactive-window-stands-still", test_inactive_window_stands_still);
  g_test_add_func ("/cairn/idle/hidden-or-done-stands-still", test_hidden_or_done_stands_still);
  return g_test_run ();
}
