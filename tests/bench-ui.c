/* bench-ui.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bench-ui"

#include "config.h"

#include "cairn-bench-items.h"
#include "cairn-row-census.h"
#include "cairn-test-harness.h"
#include "cairn-test-ui.h"

#include <glib/gstdio.h>
#include <malloc.h>
#include <sys/resource.h>

#include "cairn-application.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-result-item.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-tool-call-item.h"
#include "rows/cairn-transcript-row.h"
#include "window/cairn-window.h"
#include "page/cairn-page-private.h"
#include "window/cairn-window-private.h"

/* The real CairnWindow (its template, style sheet, list view and rows) on
 * Xvfb (tests/run-headless.sh), with a transcript of N_ITEMS realistic
 * items. It measures
 *   memory:      the heap an item of each kind takes, and its built row;
 *   first-frame: from creating the window to its first painted frame, the
 *                view at the conversation's end (CAIRN_BENCH_OPEN=top: at
 *                its start);
 *   scroll:      the transcript from top to bottom, a third of a page per frame;
 *   stream:      a reply growing by DELTAS_PER_S deltas a second for STREAM_S,
 *                with the view following the bottom;
 *   rebind:      what one row costs when it is bound to another item of the
 *                same kind (bind, then measure), per kind, outside a window.
 * Per frame: "work" is the time from the frame clock's before-paint to its
 * after-paint (update, layout and paint: the 16 ms budget); "interval" is
 * the frame time between frames (Xvfb has no vsync; the frame clock paces
 * itself); "list-binds" counts rows the list view bound to another item
 * (GTK 4.8 keeps ~200 rows around the visible ones and rebinds dozens of
 * them a frame as the view moves), "rebinds" the rows whose content was
 * built or reattached for another item (the work), "appeared" the items
 * that came into view; "frames-over" counts frames with more rebinds than
 * appeared items (tests/cairn-row-census.c); both count what happened in
 * the frame (from before-paint to after-paint), not rows made ready
 * between frames. Only this process is timed: the X server draws in its
 * own. One line of figures per phase (README.md "Figures"); run it with
 * G_SLICE=always-malloc for the memory line to count GObject instances.
 * CAIRN_BENCH_KINDS=assistant,tool fills the transcript with those kinds
 * of items only, to find which row is slow; CAIRN_BENCH_SHOTS=DIR saves
 * the window at five places, to compare what rows show across a change.
 *
 * Where the scroll frame went (perf with DWARF call stacks, release build,
 * GTK 4.8 without debug symbols, so GTK's own functions are lumped):
 *  - Before rows deferred their content (frame work mean 49 ms, p95 163):
 *    GTK rebound ~44 rows a frame and each built its content at once:
 *    28% of the time in binds (template instantiation 8%, Markdown
 *    blocks 3.5%, tool cards and their code views 4%, accessibility
 *    objects and their D-Bus traffic 3%), 26% in measuring what they
 *    built (Pango shaping through HarfBuzz two thirds of it), 10% in
 *    disposing of rows the cache evicted; painting (GSK's cairo
 *    renderer) was ~5%, CSS matching did not stand out.
 *  - Rows now build only in view, those next to the view between frames
 *    (src/ui/cairn-row-cache.c): no row builds inside a scroll frame, and
 *    the frame is GTK placing ~10 rows (layout ~3.5 ms) and painting them
 *    (~2.5 ms, a fifth of all CPU time). A build between frames costs
 *    1.5-3 ms (assistant reply 3.1, notice 2.6, tool card 2.4: half of it
 *    instantiating templates, a fifth a tool card's code views with
 *    their highlighting), and measuring it about as much again.
 *  - Freeing a built row costs a third of building it, so rows the cache
 *    drops are freed between frames too.
 *  - With GSK_RENDERER=cairo GTK 4.8 still set up GL and loaded LLVM
 *    (60 MB): Cairn turns GL off for the cairo renderer (src/main.c). */

#define N_ITEMS         2000
#define MEMORY_ITEMS    500
#define MEMORY_ROWS     50
#define DELTAS_PER_S    1000
#define STREAM_S        5
#define SCROLL_STEP     (1.0 / 3.0)
#define MAX_SCROLL_S    45

typedef struct
{
  GArray *work;      /* ms, before-paint → after-paint */
  GArray *layout;    /* ms, before-paint → end of layout (update included) */
  GArray *paint;     /* ms, end of layout → end of paint */
  GArray *interval;  /* ms between frame times */
  guint   list_binds;
  guint   rebinds;
  guint   appeared;
  guint   frames_over;
} Frames;

typedef struct
{
  GMainLoop       *loop;
  GtkWidget       *window;
  GtkAdjustment   *vadj;
  GtkWidget       *list_view;
  CairnRowCensus  *census;
  CairnTranscript *transcript;
  Frames          *frames;
  gint64           before_us;
  gint64           layout_us;
  gint64           paint_us;
  gint64           last_frame_time;
  gint64           first_frame_us;
  gint64           scroll_end_us;
  /* streaming */
  CairnTextItem   *reply;
  const char      *text_pos;
  guint            replies_streamed;
  gint64           stream_start_us;
  guint            deltas;
  gint64           append_us;
} Bench;

static gsize
heap_in_use (void)
{
  return mallinfo2 ().uordblks;
}


/* What an item of each kind holds in memory (the heap it takes, built as
 * the session builds them), and what its built row adds (outside a
 * window: without style and accessibility, which come with the window). */
static void
bench_memory (const char *cwd)
{
  static const CairnItemKind kinds[] = {
    CAIRN_ITEM_KIND_USER, CAIRN_ITEM_KIND_ASSISTANT, CAIRN_ITEM_KIND_THINKING,
    CAIRN_ITEM_KIND_TOOL_CALL, CAIRN_ITEM_KIND_RESULT, CAIRN_ITEM_KIND_NOTICE,
  };
  g_autoptr(GString) items_line = g_string_new ("bench-ui memory-per-item-bytes");
  g_autoptr(GString) rows_line = g_string_new ("bench-ui memory-per-built-row-bytes");

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      gsize before = heap_in_use (), with_items, with_rows;
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < MEMORY_ITEMS; i++)
        g_ptr_array_add (items, cairn_bench_make_item (kinds[k], cwd, i));
      with_items = heap_in_use ();
      for (guint i = 0; i < MEMORY_ROWS; i++)
        {
          GtkWidget *row = g_object_new (CAIRN_TYPE_TRANSCRIPT_ROW, "item", items->pdata[i], NULL);

          g_ptr_array_add (rows, g_object_ref_sink (row));
        }
      with_rows = heap_in_use ();
      g_string_append_printf (items_line, " %s=%" G_GSIZE_FORMAT, cairn_bench_kind_names[kinds[k]],
                              (with_items - before) / items->len);
      g_string_append_printf (rows_line, " %s=%" G_GSIZE_FORMAT, cairn_bench_kind_names[kinds[k]],
                              (with_rows - with_items) / MEMORY_ROWS);
    }
  g_print ("%s\n%s\n", items_line->str, rows_line->str);
}

/* Figures */

static Frames *
frames_new (void)
{
  Frames *frames = g_new0 (Frames, 1);

  frames->work = g_array_new (FALSE, FALSE, sizeof (double));
  frames->layout = g_array_new (FALSE, FALSE, sizeof (double));
  frames->paint = g_array_new (FALSE, FALSE, sizeof (double));
  frames->interval = g_array_new (FALSE, FALSE, sizeof (double));
  return frames;
}

static void
frames_free (Frames *frames)
{
  g_array_unref (frames->work);
  g_array_unref (frames->layout);
  g_array_unref (frames->paint);
  g_array_unref (frames->interval);
  g_free (frames);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Frames, frames_free)

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

/* "mean-ms=… p95-ms=… max-ms=…" of @values, with @prefix on each name. */
static char *
describe (GArray     *values,
          const char *prefix)
{
  g_autoptr(GArray) sorted = g_array_copy (values);
  double sum = 0;
  guint n = sorted->len;

  if (n == 0)
    return g_strdup_printf ("%smean-ms=- %sp95-ms=- %smax-ms=-", prefix, prefix, prefix);
  g_array_sort (sorted, compare_doubles);
  for (guint i = 0; i < n; i++)
    sum += g_array_index (sorted, double, i);
  return g_strdup_printf ("%smean-ms=%.2f %sp95-ms=%.2f %smax-ms=%.2f",
                          prefix, sum / n,
                          prefix, g_array_index (sorted, double, MIN (n - 1, (guint)(n * 0.95))),
                          prefix, g_array_index (sorted, double, n - 1));
}

/* The mean of the values from @from to @to (fractions of the array). */
static double
mean_between (GArray *values,
              double  from,
              double  to)
{
  guint first = values->len * from, last = values->len * to;
  double sum = 0;

  for (guint i = first; i < last; i++)
    sum += g_array_index (values, double, i);
  return last > first ? sum / (last - first) : 0;
}

static void
print_frames (const char *phase,
              Frames     *frames,
              const char *extra)
{
  g_autofree char *work = describe (frames->work, "");
  g_autofree char *layout = describe (frames->layout, "layout-");
  g_autofree char *paint = describe (frames->paint, "paint-");
  g_autofree char *interval = describe (frames->interval, "interval-");

  guint n = MAX (frames->work->len, 1);

  g_print ("bench-ui %s%s frames=%u %s %s %s %s list-binds/frame=%.1f rebinds/frame=%.2f "
           "appeared/frame=%.2f frames-over=%u\n", phase, extra,
           frames->work->len, work, interval, layout, paint, (double)frames->list_binds / n,
           (double)frames->rebinds / n, (double)frames->appeared / n, frames->frames_over);
}


/* Frame clock: our handlers run after GDK's, so "layout" and "paint" mark
 * the end of those phases. */

static void
push_ms (GArray *array,
         gint64  us)
{
  double ms = us / 1000.0;

  g_array_append_val (array, ms);
}

static void
count_rebinds (Bench  *bench,
               Frames *frames)
{
  CairnRowCount count;

  cairn_row_census_take (bench->census, &count);
  if (frames == NULL)
    return;
  frames->list_binds += count.list_binds;
  frames->rebinds += count.content_binds;
  frames->appeared += count.came_into_view;
  frames->frames_over += count.content_binds > count.came_into_view;
}

static void
before_paint_cb (GdkFrameClock *clock,
                 Bench         *bench)
{
  bench->before_us = g_get_monotonic_time ();
  bench->layout_us = bench->paint_us = 0;
  /* what changed between frames (rows prepared while idle) is not the
   * frame's work */
  if (bench->census != NULL)
    count_rebinds (bench, NULL);
}

static void
layout_cb (GdkFrameClock *clock,
           Bench         *bench)
{
  bench->layout_us = g_get_monotonic_time ();
}

static void
paint_cb (GdkFrameClock *clock,
          Bench         *bench)
{
  bench->paint_us = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                Bench         *bench)
{
  gint64 now = g_get_monotonic_time ();
  gint64 frame_time = gdk_frame_clock_get_frame_time (clock);

  if (bench->first_frame_us == 0)
    {
      bench->first_frame_us = now;
      g_main_loop_quit (bench->loop);
    }
  if (bench->frames != NULL && bench->before_us != 0)
    {
      gint64 layout_end = bench->layout_us ? bench->layout_us : bench->before_us;
      gint64 paint_end = bench->paint_us ? bench->paint_us : layout_end;

      push_ms (bench->frames->work, now - bench->before_us);
      push_ms (bench->frames->layout, layout_end - bench->before_us);
      push_ms (bench->frames->paint, paint_end - layout_end);
      if (bench->last_frame_time != 0)
        push_ms (bench->frames->interval, frame_time - bench->last_frame_time);
      count_rebinds (bench, bench->frames);
    }
  bench->last_frame_time = frame_time;
}

static void
watch_frame_clock (Bench *bench)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (bench->window);

  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), bench);
  g_signal_connect (clock, "layout", G_CALLBACK (layout_cb), bench);
  g_signal_connect (clock, "paint", G_CALLBACK (paint_cb), bench);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), bench);
}

static gboolean
quit_cb (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

static void
run_for (Bench *bench,
         guint  ms)
{
  g_timeout_add (ms, quit_cb, bench->loop);
  g_main_loop_run (bench->loop);
}

/* The window */

static const char *
renderer_name (Bench *bench)
{
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (bench->window));

  return renderer ? G_OBJECT_TYPE_NAME (renderer) : "none";
}

static void
bench_first_frame (Bench            *bench,
                   CairnApplication *app,
                   GFile            *folder,
                   GPtrArray        *items)
{
  gint64 start = g_get_monotonic_time ();
  gint64 created, appended;
  CairnSession *session;
  CairnRowCount rows;

  bench->window = GTK_WIDGET (cairn_application_new_window (app, folder));
  /* a conversation opens at its end (the window follows its output);
   * CAIRN_BENCH_OPEN=top opens this one at its start */
  if (g_strcmp0 (g_getenv ("CAIRN_BENCH_OPEN"), "top") == 0)
    _cairn_page_set_follow_output (CAIRN_PAGE (cairn_test_find_widget (bench->window, CAIRN_TYPE_PAGE)), FALSE);
  created = g_get_monotonic_time ();
  session = cairn_window_get_session (CAIRN_WINDOW (bench->window));
  bench->transcript = cairn_session_get_transcript (session);
  /* as a loaded history arrives: one change of the model */
  cairn_transcript_append_all (bench->transcript, items);
  appended = g_get_monotonic_time ();

  gtk_widget_realize (bench->window);
  watch_frame_clock (bench);
  gtk_window_present (GTK_WINDOW (bench->window));
  g_main_loop_run (bench->loop);

  bench->list_view = cairn_test_find_widget (bench->window, GTK_TYPE_LIST_VIEW);
  g_assert (bench->list_view != NULL);
  bench->vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (bench->list_view));
  bench->census = cairn_row_census_new (bench->list_view);
  cairn_row_census_take (bench->census, &rows);
  g_print ("bench-ui first-frame-ms=%.1f renderer=%s items=%u at=%s rows-in-view=%u "
           "rows-built=%u window-new-ms=%.1f append-ms=%.1f present-to-frame-ms=%.1f "
           "peak-rss-kb=%ld\n",
           (bench->first_frame_us - start) / 1e3, renderer_name (bench),
           g_list_model_get_n_items (G_LIST_MODEL (bench->transcript)),
           gtk_adjustment_get_value (bench->vadj) <= 0 ? "top"
           : gtk_adjustment_get_value (bench->vadj) >= cairn_test_scroll_end (bench->vadj) - 1
           ? "end" : "middle", rows.in_view, rows.content_binds,
           (created - start) / 1e3, (appended - created) / 1e3,
           (bench->first_frame_us - appended) / 1e3, cairn_test_peak_rss_kb ());
}

/* One step per frame, in the frame's update phase, so the step's cost is
 * in that frame's work. */
static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  Bench *bench = user_data;
  double value = gtk_adjustment_get_value (bench->vadj);
  double step = gtk_adjustment_get_page_size (bench->vadj) * SCROLL_STEP;

  if (value >= cairn_test_scroll_end (bench->vadj) - 0.5 || g_get_monotonic_time () > bench->scroll_end_us)
    {
      g_main_loop_quit (bench->loop);
      return G_SOURCE_REMOVE;
    }
  gtk_adjustment_set_value (bench->vadj, MIN (value + step, cairn_test_scroll_end (bench->vadj)));
  return G_SOURCE_CONTINUE;
}

static void
bench_scroll (Bench *bench)
{
  g_autoptr(Frames) frames = frames_new ();
  g_autofree char *extra = NULL;
  double upper_before;

  /* From the top, once the jump there has settled. */
  gtk_adjustment_set_value (bench->vadj, 0);
  run_for (bench, 300);
  upper_before = gtk_adjustment_get_upper (bench->vadj);

  count_rebinds (bench, NULL);
  bench->frames = frames;
  bench->last_frame_time = 0;
  bench->scroll_end_us = g_get_monotonic_time () + MAX_SCROLL_S * G_USEC_PER_SEC;
  gtk_widget_add_tick_callback (bench->window, scroll_tick_cb, bench, NULL);
  g_main_loop_run (bench->loop);
  bench->frames = NULL;

  extra = g_strdup_printf (" px=%.0f of=%.0f upper-at-start=%.0f page=%.0f reached-end=%s",
                           gtk_adjustment_get_value (bench->vadj),
                           gtk_adjustment_get_upper (bench->vadj), upper_before,
                           gtk_adjustment_get_page_size (bench->vadj),
                           gtk_adjustment_get_value (bench->vadj) >= cairn_test_scroll_end (bench->vadj) - 0.5
                             ? "yes" : "no");
  print_frames ("scroll", frames, extra);
}

/* Append the deltas that are due, one call each, as the session does. */
static gboolean
stream_timeout_cb (gpointer user_data)
{
  Bench *bench = user_data;
  gint64 start = g_get_monotonic_time ();
  guint due = (start - bench->stream_start_us) * DELTAS_PER_S / G_USEC_PER_SEC;

  for (; bench->deltas < due; bench->deltas++)
    {
      char delta[32] = "\n\n";
      const char *end = bench->text_pos;

      for (guint i = 0; i < 4 && *end; i++)
        end = g_utf8_next_char (end);
      if (end == bench->text_pos)
        bench->text_pos = cairn_bench_replies[1 + ++bench->replies_streamed % 3];
      else
        {
          memcpy (delta, bench->text_pos, end - bench->text_pos);
          delta[end - bench->text_pos] = '\0';
          bench->text_pos = end;
        }
      cairn_text_item_append (bench->reply, delta);
    }
  bench->append_us += g_get_monotonic_time () - start;
  return G_SOURCE_CONTINUE;
}

static gboolean
at_bottom (Bench *bench)
{
  return gtk_adjustment_get_value (bench->vadj) >= cairn_test_scroll_end (bench->vadj) - 24;
}

/* The reply grows: its first and last fifth are compared. */
static char *
describe_stream (Bench  *bench,
                 Frames *frames,
                 gint64  wall_us,
                 gint64  cpu_us)
{
  return g_strdup_printf (" deltas=%u deltas/s=%.0f chars=%u append-ms=%.0f cpu-%%=%.0f "
                          "at-bottom=%s first-fifth-mean-ms=%.2f last-fifth-mean-ms=%.2f "
                          "peak-rss-kb=%ld",
                          bench->deltas, bench->deltas / (wall_us / 1e6),
                          (guint)strlen (cairn_text_item_get_text (bench->reply)),
                          bench->append_us / 1e3, 100.0 * cpu_us / wall_us,
                          at_bottom (bench) ? "yes" : "no",
                          mean_between (frames->work, 0, 0.2),
                          mean_between (frames->work, 0.8, 1), cairn_test_peak_rss_kb ());
}

static void
bench_stream (Bench *bench)
{
  g_autoptr(Frames) frames = frames_new ();
  g_autoptr(CairnItem) prompt = cairn_bench_text_item (CAIRN_ITEM_KIND_USER, cairn_bench_prompts[0]);
  g_autofree char *extra = NULL;
  gint64 cpu_start;
  guint source;

  /* As after sending a prompt: the view follows the output. */
  gtk_widget_activate_action (bench->window, "win.jump-to-latest", NULL);
  run_for (bench, 300);
  bench->reply = cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, "");
  bench->text_pos = cairn_bench_replies[1];
  cairn_text_item_set_streaming (bench->reply, TRUE);

  count_rebinds (bench, NULL);
  bench->frames = frames;
  bench->last_frame_time = 0;
  cpu_start = cairn_test_cpu_time_us ();
  bench->stream_start_us = g_get_monotonic_time ();
  cairn_transcript_append (bench->transcript, prompt);
  cairn_transcript_append (bench->transcript, CAIRN_ITEM (bench->reply));
  source = g_timeout_add (1, stream_timeout_cb, bench);
  run_for (bench, STREAM_S * 1000);
  g_source_remove (source);
  bench->frames = NULL;

  extra = describe_stream (bench, frames, g_get_monotonic_time () - bench->stream_start_us,
                           cairn_test_cpu_time_us () - cpu_start);
  print_frames ("stream", frames, extra);
  cairn_text_item_set_streaming (bench->reply, FALSE);
  g_clear_object (&bench->reply);
}

/* Binds a lone row to the items of @kind in turn, 100 times, and returns
 * the mean cost in µs of a bind and of the measure after it. */
static void
time_rebinds (GPtrArray     *items,
              CairnItemKind  kind,
              int            width,
              double        *bind_us,
              double        *measure_us)
{
  g_autoptr(GPtrArray) same = g_ptr_array_new ();
  GtkWidget *row = g_object_ref_sink (g_object_new (CAIRN_TYPE_TRANSCRIPT_ROW, NULL));
  gint64 bind = 0, measure = 0;
  guint rounds = 0;

  for (guint i = 0; i < items->len && same->len < 12; i++)
    if (cairn_item_get_kind (items->pdata[i]) == kind)
      g_ptr_array_add (same, items->pdata[i]);
  for (; same->len > 1 && rounds < 100; rounds++)
    {
      gint64 start = g_get_monotonic_time ();
      int min, nat;

      cairn_transcript_row_set_item (CAIRN_TRANSCRIPT_ROW (row), same->pdata[rounds % same->len]);
      bind += g_get_monotonic_time () - start;
      start = g_get_monotonic_time ();
      gtk_widget_measure (row, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      gtk_widget_measure (row, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
      measure += g_get_monotonic_time () - start;
    }
  *bind_us = rounds ? (double)bind / rounds : 0;
  *measure_us = rounds ? (double)measure / rounds : 0;
  g_object_unref (row);
}

static void
bench_rebind (Bench     *bench,
              GPtrArray *items)
{
  static const CairnItemKind kinds[] = {
    CAIRN_ITEM_KIND_USER, CAIRN_ITEM_KIND_ASSISTANT, CAIRN_ITEM_KIND_THINKING,
    CAIRN_ITEM_KIND_TOOL_CALL, CAIRN_ITEM_KIND_RESULT, CAIRN_ITEM_KIND_NOTICE,
  };
  g_autoptr(GString) line = g_string_new ("bench-ui rebind-us (bind+measure)");

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      double bind, measure;

      time_rebinds (items, kinds[i], gtk_widget_get_width (bench->list_view), &bind, &measure);
      g_string_append_printf (line, " %s=%.0f+%.0f", cairn_bench_kind_names[kinds[i]], bind, measure);
    }
  g_print ("%s\n", line->str);
}

/* CAIRN_BENCH_SHOTS=DIR: the window as drawn with item @position at the
 * top, for comparing what rows show before and after a change. */
static void
save_shot (Bench      *bench,
           guint       position,
           const char *dir)
{
  g_autofree char *name = g_strdup_printf ("item-%04u.png", position);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (bench->window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  gtk_widget_activate_action (bench->list_view, "list.scroll-to-item", "u", position);
  run_for (bench, 700);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot),
                          gtk_widget_get_width (bench->window), gtk_widget_get_height (bench->window));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (bench->window)),
                                         node, NULL);
  if (!gdk_texture_save_to_png (texture, path))
    g_error ("could not write %s", path);
}

static void
save_shots (Bench      *bench,
            const char *dir)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (bench->transcript));

  g_mkdir_with_parents (dir, 0755);
  for (guint i = 0; i < 5; i++)
    save_shot (bench, MIN (n - 1, i * (n / 4) + (i == 2 ? 5 : 0)), dir);
}

static void
history_opened_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!cairn_session_open_conversation_finish (CAIRN_SESSION (source), result, &error))
    g_error ("%s", error->message);
  g_main_loop_quit (user_data);
}

/* CAIRN_BENCH_HISTORY=FILE: the rows of a stored conversation (the 200 MB
 * one of tests/history-corpus.py), read as the window reads them, instead
 * of the made-up 2,000 items. */
static GPtrArray *
items_from_history (const char *path,
                    const char *cwd)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(CairnSession) session = cairn_session_new (cwd, "/bin/true");
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  GListModel *transcript = G_LIST_MODEL (cairn_session_get_transcript (session));
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);

  cairn_session_open_conversation_async (session, file, NULL, history_opened_cb, loop);
  g_main_loop_run (loop);
  for (guint i = 0; i < g_list_model_get_n_items (transcript); i++)
    g_ptr_array_add (items, g_list_model_get_item (transcript, i));
  return items;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = g_dir_make_tmp ("cairn-bench-ui-XXXXXX", NULL);
  g_autofree char *cli = cairn_test_write_quiet_cli (dir);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(CairnApplication) app = NULL;
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GError) error = NULL;
  Bench bench = { 0 };

  g_setenv ("CAIRN_CLAUDE", cli, TRUE);
  cairn_application_skip_gl_for_cairo ();   /* as src/main.c */
  app = cairn_application_new (TRUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);
  bench.loop = g_main_loop_new (NULL, FALSE);
  items = g_getenv ("CAIRN_BENCH_HISTORY") ? items_from_history (g_getenv ("CAIRN_BENCH_HISTORY"), dir)
                                           : cairn_bench_build_items (dir, g_getenv ("CAIRN_BENCH_KINDS"), N_ITEMS);

  bench_memory (dir);
  bench_first_frame (&bench, app, folder, items);
  run_for (&bench, 500);
  if (g_getenv ("CAIRN_BENCH_SHOTS"))
    save_shots (&bench, g_getenv ("CAIRN_BENCH_SHOTS"));
  bench_scroll (&bench);
  bench_stream (&bench);
  bench_rebind (&bench, items);

  g_clear_pointer (&bench.census, cairn_row_census_free);
  gtk_window_destroy (GTK_WINDOW (bench.window));
  run_for (&bench, 100);
  g_main_loop_unref (bench.loop);

  g_unlink (cli);
  g_rmdir (dir);
  return 0;
}
