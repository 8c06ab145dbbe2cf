/* test-scroll.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* GTK 4.8's list view rebinds dozens of its rows a frame while scrolling,
 * most of them to items far out of view; rows that built their content on
 * every bind made scrolling stutter (src/ui/cairn-row-cache.c). The real
 * CairnWindow on Xvfb, with a long conversation of rows the real CLI wrote
 * (tests/data/history/rows, opened many times over), is scrolled a third
 * of a page a frame to the end and back: every row in view must show its
 * item when a frame is drawn, and the frames together may not build (or
 * take back) content for more rows than items came into view. A frame
 * may build one more: a row whose height was guessed comes into view,
 * takes its real, smaller height and can end up just outside. */

#include <adwaita.h>

#include "cairn-row-census.h"
#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "cairn-application.h"
#include "window/cairn-window.h"

#define ROWS_ID  "47c0592a-2c45-496d-86b9-83bc29cb1971"
#define COPIES   24
#define STEP     (1.0 / 3.0)

typedef struct
{
  GtkWidget      *list_view;
  GtkAdjustment  *vadj;
  CairnRowCensus *census;
  double          direction;     /* +1 down, -1 up, 0 not scrolling */
  guint           frames;
  guint           list_binds;
  guint           content_binds;
  guint           came_into_view;
} Fixture;

/* The items of the recorded conversation, read @copies times over (each
 * read makes its own items, as a long conversation has). */
static GPtrArray *
recorded_items (const char *dir,
                guint       copies)
{
  g_autofree char *path = cairn_test_data_path ("history/rows/" ROWS_ID ".jsonl");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < copies; i++)
    {
      g_autoptr(CairnSession) session = cairn_session_new (dir, "/bin/true");
      GListModel *transcript = G_LIST_MODEL (cairn_session_get_transcript (session));

      g_assert_true (cairn_test_open_conversation (session, file));
      for (guint j = 0; j < g_list_model_get_n_items (transcript); j++)
        g_ptr_array_add (items, g_list_model_get_item (transcript, j));
    }
  return items;
}

static void
before_paint_cb (GdkFrameClock *clock,
                 Fixture       *f)
{
  CairnRowCount between_frames;

  /* rows made ready between frames are not the frame's work */
  cairn_row_census_take (f->census, &between_frames);
}

static void
after_paint_cb (GdkFrameClock *clock,
                Fixture       *f)
{
  CairnRowCount count;

  cairn_row_census_take (f->census, &count);
  if (f->direction == 0)
    return;
  f->frames++;
  f->list_binds += count.list_binds;
  f->content_binds += count.content_binds;
  f->came_into_view += count.came_into_view;
  if (count.content_binds > count.came_into_view + 1 || count.blank_in_view > 0)
    g_error ("frame %u: %u rows bound their content, %u items came into view, "
             "%u of %u rows in view blank", f->frames, count.content_binds,
             count.came_into_view, count.blank_in_view, count.in_view);
}

static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  Fixture *f = data;
  double value = gtk_adjustment_get_value (f->vadj);
  double step = gtk_adjustment_get_page_size (f->vadj) * STEP * f->direction;

  if ((f->direction > 0 && value >= cairn_test_scroll_end (f->vadj) - 0.5) || (f->direction < 0 && value <= 0))
    {
      f->direction = 0;
      return G_SOURCE_REMOVE;
    }
  gtk_adjustment_set_value (f->vadj, CLAMP (value + step, 0, cairn_test_scroll_end (f->vadj)));
  return G_SOURCE_CONTINUE;
}

static gboolean
scrolled_through (gpointer data)
{
  return ((Fixture *)data)->direction == 0;
}

static void
scroll (Fixture   *f,
        GtkWidget *window,
        double     direction)
{
  f->direction = direction;
  gtk_widget_add_tick_callback (window, scroll_tick_cb, f, NULL);
  g_assert_true (cairn_test_wait_until (scrolled_through, f, 120000));
}

static void
test_scroll_binds_only_what_comes_into_view (void)
{
  g_autofree char *dir = cairn_test_make_dir ("scroll");
  g_autofree char *cli = cairn_test_write_quiet_cli (dir);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GPtrArray) items = recorded_items (dir, COPIES);
  g_autoptr(CairnApplication) app = NULL;
  GdkFrameClock *clock;
  CairnWindow *window;
  Fixture f = { 0 };

  g_setenv ("CAIRN_CLAUDE", cli, TRUE);
  app = cairn_application_new (TRUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = cairn_application_new_window (app, folder);
  cairn_transcript_append_all (cairn_session_get_transcript (cairn_window_get_session (window)), items);
  cairn_test_present (GTK_WINDOW (window));
  f.list_view = cairn_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LIST_VIEW);
  f.vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (f.list_view));
  f.census = cairn_row_census_new (f.list_view);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &f);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &f);

  /* as a conversation opens: at its end; up to the top, and back down */
  cairn_test_run_for (500);
  g_assert_cmpfloat (gtk_adjustment_get_value (f.vadj), >, 0);
  scroll (&f, GTK_WIDGET (window), -1);
  g_test_message ("up: %u frames, %u items came into view", f.frames, f.came_into_view);
  scroll (&f, GTK_WIDGET (window), +1);
  g_test_message ("%u items, %u frames: the list view bound %u rows, %u rows bound their "
                  "content, %u items came into view", items->len, f.frames, f.list_binds,
                  f.content_binds, f.came_into_view);

  /* the list view did rebind rows far out of view, and they waited */
  g_assert_cmpuint (items->len, >=, 300);
  g_assert_cmpuint (f.list_binds, >, f.came_into_view);
  g_assert_cmpuint (f.came_into_view, >=, 2 * (items->len - 20));
  g_assert_cmpuint (f.content_binds, <=, f.came_into_view);

  g_signal_handlers_disconnect_by_data (clock, &f);
  cairn_row_census_free (f.census);
  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  cairn_application_skip_gl_for_cairo ();   /* as src/main.c, before GTK opens the display */
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/cairn/rows/scroll-binds-only-what-comes-into-view",
                   test_scroll_binds_only_what_comes_into_view);
  return g_test_run ();
}
