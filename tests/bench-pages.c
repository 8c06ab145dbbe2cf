/* bench-pages.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bench-pages"

#include "config.h"

#include "cairn-bench-items.h"
#include "cairn-test-harness.h"
#include "cairn-test-ui.h"

#include <glib/gstdio.h>
#include <malloc.h>
#include <unistd.h>

#include "cairn-application.h"
#include "transcript/cairn-text-item.h"
#include "page/cairn-page.h"
#include "window/cairn-window-private.h"

/* Many conversations in one window (issue 13), one line of figures each
 * (README.md "Figures"):
 *   memory:  resident memory with 1 open conversation of 2,000 items, then
 *            with 10: what each one more costs beyond the rows in view;
 *   switch:  showing another of the 10, from the call to the end of the
 *            frame that draws it;
 *   stream:  5 conversations streaming at once, 1,000 deltas a second in
 *            all, while one of them is shown: the frame work of the window.
 * The window runs as the app does, without GL for the cairo renderer. */

#define N_ITEMS       2000
#define N_PAGES       10
#define N_SWITCHES    30
#define N_STREAMING   5
#define DELTAS_PER_S  1000
#define STREAM_S      5

typedef struct
{
  GMainLoop   *loop;
  CairnWindow *window;
  gint64       before_us;
  GArray      *frame_ms;      /* work of each frame, when collecting */
  gboolean     quit_on_paint;
  /* streaming */
  GPtrArray   *replies;       /* CairnTextItem */
  gint64       stream_start_us;
  guint        deltas;
} Bench;

static void
before_paint_cb (GdkFrameClock *clock,
                 Bench         *bench)
{
  bench->before_us = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                Bench         *bench)
{
  double ms = (g_get_monotonic_time () - bench->before_us) / 1e3;

  if (bench->frame_ms != NULL && bench->before_us != 0)
    g_array_append_val (bench->frame_ms, ms);
  if (bench->quit_on_paint)
    {
      bench->quit_on_paint = FALSE;
      g_main_loop_quit (bench->loop);
    }
}

/* Until the next frame is painted. */
static void
run_to_paint (Bench *bench)
{
  bench->quit_on_paint = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (bench->window));
  g_main_loop_run (bench->loop);
}

static long
rss_kb (void)
{
  g_autofree char *statm = NULL;
  long pages = 0, resident = 0;

  if (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL))
    sscanf (statm, "%ld %ld", &pages, &resident);
  return resident * (sysconf (_SC_PAGESIZE) / 1024);
}

static CairnPage *
open_page (Bench      *bench,
           const char *cwd)
{
  g_autoptr(GPtrArray) items = cairn_bench_build_items (cwd, NULL, N_ITEMS);
  CairnSession *session = _cairn_window_show_new_session (bench->window);

  cairn_transcript_append_all (cairn_session_get_transcript (session), items);
  cairn_page_follow_output (bench->window->page);
  run_to_paint (bench);
  cairn_test_run_for (200);   /* rows next to the view are made between frames */
  return bench->window->page;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

static void
print_ms (const char *phase,
          GArray     *values,
          const char *extra)
{
  double sum = 0;

  g_array_sort (values, compare_doubles);
  for (guint i = 0; i < values->len; i++)
    sum += g_array_index (values, double, i);
  g_print ("bench-pages %-7s n=%u mean-ms=%.1f p95-ms=%.1f max-ms=%.1f%s\n", phase, values->len,
           values->len ? sum / values->len : 0,
           values->len ? g_array_index (values, double, (guint)(values->len * 0.95)) : 0,
           values->len ? g_array_index (values, double, values->len - 1) : 0, extra);
}

static GPtrArray *
bench_memory (Bench      *bench,
              const char *cwd)
{
  GPtrArray *pages = g_ptr_array_new ();
  long one, all;

  g_ptr_array_add (pages, open_page (bench, cwd));
  malloc_trim (0);
  one = rss_kb ();
  while (pages->len < N_PAGES)
    g_ptr_array_add (pages, open_page (bench, cwd));
  malloc_trim (0);
  all = rss_kb ();
  g_print ("bench-pages memory  items-each=%u rss-1-kb=%ld rss-%u-kb=%ld per-conversation-kb=%ld\n",
           N_ITEMS, one, N_PAGES, all, (all - one) / (N_PAGES - 1));
  return pages;
}

static void
bench_switch (Bench     *bench,
              GPtrArray *pages)
{
  g_autoptr(GArray) switch_ms = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < N_SWITCHES; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double ms;

      _cairn_window_show_page (bench->window, g_ptr_array_index (pages, (i * 3 + 1) % pages->len));
      run_to_paint (bench);
      ms = (g_get_monotonic_time () - start) / 1e3;
      g_array_append_val (switch_ms, ms);
      cairn_test_run_for (100);
    }
  print_ms ("switch", switch_ms, "");
}

/* The deltas that are due, round the streaming conversations. */
static gboolean
stream_cb (gpointer user_data)
{
  Bench *bench = user_data;
  guint due = (g_get_monotonic_time () - bench->stream_start_us) * DELTAS_PER_S / G_USEC_PER_SEC;

  for (; bench->deltas < due; bench->deltas++)
    cairn_text_item_append (g_ptr_array_index (bench->replies, bench->deltas % bench->replies->len),
                            bench->deltas % 17 == 16 ? "\n\n" : "word ");
  return G_SOURCE_CONTINUE;
}

static void
bench_stream (Bench     *bench,
              GPtrArray *pages)
{
  g_autoptr(GArray) frame_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *extra = NULL;
  guint source;

  bench->replies = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < N_STREAMING; i++)
    {
      CairnTextItem *reply = CAIRN_TEXT_ITEM (cairn_bench_text_item (CAIRN_ITEM_KIND_ASSISTANT, ""));
      CairnSession *session = cairn_page_get_session (g_ptr_array_index (pages, i));

      cairn_text_item_set_streaming (reply, TRUE);
      cairn_transcript_append (cairn_session_get_transcript (session), CAIRN_ITEM (reply));
      g_ptr_array_add (bench->replies, reply);
    }
  _cairn_window_show_page (bench->window, g_ptr_array_index (pages, 0));
  cairn_page_follow_output (g_ptr_array_index (pages, 0));
  cairn_test_run_for (300);
  bench->frame_ms = frame_ms;
  bench->stream_start_us = g_get_monotonic_time ();
  source = g_timeout_add (1, stream_cb, bench);
  cairn_test_run_for (STREAM_S * 1000);
  g_source_remove (source);
  bench->frame_ms = NULL;
  extra = g_strdup_printf (" conversations=%u deltas=%u deltas/s=%.0f", N_STREAMING, bench->deltas,
                           bench->deltas / ((g_get_monotonic_time () - bench->stream_start_us) / 1e6));
  print_ms ("stream", frame_ms, extra);
  g_clear_pointer (&bench->replies, g_ptr_array_unref);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = g_dir_make_tmp ("cairn-bench-pages-XXXXXX", NULL);
  g_autofree char *cli = cairn_test_write_quiet_cli (dir);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(CairnApplication) app = NULL;
  g_autoptr(GPtrArray) pages = NULL;
  g_autoptr(GError) error = NULL;
  GdkFrameClock *clock;
  Bench bench = { 0 };

  g_setenv ("CAIRN_CLAUDE", cli, TRUE);
  cairn_application_skip_gl_for_cairo ();   /* as src/main.c */
  app = cairn_application_new (TRUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);
  bench.loop = g_main_loop_new (NULL, FALSE);
  bench.window = cairn_application_new_window (app, folder);
  cairn_test_present (GTK_WINDOW (bench.window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (bench.window));
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &bench);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &bench);
  cairn_test_run_for (300);

  pages = bench_memory (&bench, dir);
  bench_switch (&bench, pages);
  bench_stream (&bench, pages);

  g_signal_handlers_disconnect_by_data (clock, &bench);
  gtk_window_destroy (GTK_WINDOW (bench.window));
  cairn_test_run_for (100);
  g_main_loop_unref (bench.loop);
  g_unlink (cli);
  g_rmdir (dir);
  return 0;
}
