/* cairn-test-timing.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <sys/resource.h>
#include <time.h>

#include "cairn-test-harness.h"

/* The harness's measures: CPU time, frame gaps and their percentiles,
 * peak RSS, and files that churn while a folder is read. */

/* For benchmarks: CPU time used by this process so far. */
gint64
cairn_test_cpu_time_us (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (gint64)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * G_USEC_PER_SEC +
         usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
}

/* This thread's CPU time, in µs. */
gint64
cairn_test_thread_cpu_time_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

/* The longest time between two of @frames (gint64 µs each), in ms. */
double
cairn_test_longest_gap_ms (GArray *frames)
{
  gint64 longest = 0;

  for (guint i = 1; i < frames->len; i++)
    longest = MAX (longest, g_array_index (frames, gint64, i) - g_array_index (frames, gint64, i - 1));
  return longest / 1000.0;
}

/* An iteration runs from the poll's return to the next prepare: wall time
 * far over CPU time is the machine's load (the process waiting for a
 * core, or for the X server), CPU time is what the code held. */
static gboolean
loop_prepare (GSource *source,
              int     *timeout)
{
  CairnTestLoop *loop = (CairnTestLoop *)source;

  *timeout = -1;
  if (loop->woke != 0)
    {
      loop->wall_max = MAX (loop->wall_max, (g_get_monotonic_time () - loop->woke) / 1000.0);
      loop->cpu_max = MAX (loop->cpu_max, (cairn_test_thread_cpu_time_us () - loop->woke_cpu) / 1000.0);
    }
  loop->woke = 0;
  return FALSE;
}

/* the first source checked after each poll */
static gboolean
loop_check (GSource *source)
{
  CairnTestLoop *loop = (CairnTestLoop *)source;

  loop->woke = g_get_monotonic_time ();
  loop->woke_cpu = cairn_test_thread_cpu_time_us ();
  return FALSE;
}

static gboolean
loop_dispatch (GSource     *source,
               GSourceFunc  callback,
               gpointer     data)
{
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs loop_funcs = { loop_prepare, loop_check, loop_dispatch, NULL, NULL, NULL };

/* Watches the default main context's iterations from now on. */
CairnTestLoop *
cairn_test_loop_watch (void)
{
  GSource *source = g_source_new (&loop_funcs, sizeof (CairnTestLoop));

  g_source_set_priority (source, G_MININT / 2);
  g_source_attach (source, NULL);
  return (CairnTestLoop *)source;
}

void
cairn_test_loop_unwatch (CairnTestLoop *loop)
{
  g_source_destroy ((GSource *)loop);
  g_source_unref ((GSource *)loop);
}

struct _CairnTestChurn
{
  char    *folder;
  char    *contents;
  GThread *thread;
  gint     stop;   /* atomic */
  guint    made;
};

/* Writes and deletes conversations while the list is read. */
static gpointer
churn_thread (gpointer data)
{
  CairnTestChurn *churn = data;

  while (!g_atomic_int_get (&churn->stop))
    {
      g_autofree char *path = g_strdup_printf ("%s/churn-%u.jsonl", churn->folder, churn->made++ % 50);

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        g_unlink (path);
      else
        g_file_set_contents (path, churn->contents, -1, NULL);
      g_usleep (1000);
    }
  return NULL;
}

/**
 * cairn_test_churn_start:
 *
 * Files churn-N.jsonl (@contents) appear in @folder and vanish again, a
 * thousand a second, until cairn_test_churn_stop(), which returns how
 * many times one did.
 */
CairnTestChurn *
cairn_test_churn_start (const char *folder,
                        const char *contents)
{
  CairnTestChurn *churn = g_new0 (CairnTestChurn, 1);

  churn->folder = g_strdup (folder);
  churn->contents = g_strdup (contents);
  churn->thread = g_thread_new ("churn", churn_thread, churn);
  return churn;
}

guint
cairn_test_churn_stop (CairnTestChurn *churn)
{
  guint made;

  g_atomic_int_set (&churn->stop, 1);
  g_thread_join (churn->thread);
  made = churn->made;
  g_free (churn->folder);
  g_free (churn->contents);
  g_free (churn);
  return made;
}

static int
compare_gaps (gconstpointer a,
              gconstpointer b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return x < y ? -1 : x > y;
}

/* The gap between frames that @percent of the gaps do not exceed
 * (nearest rank). */
double
cairn_test_gap_percentile_ms (GArray *frames,
                              double  percent)
{
  g_autoptr(GArray) gaps = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint rank;

  if (frames->len < 2)
    return 0;
  for (guint i = 1; i < frames->len; i++)
    {
      gint64 gap = g_array_index (frames, gint64, i) - g_array_index (frames, gint64, i - 1);

      g_array_append_val (gaps, gap);
    }
  g_array_sort (gaps, compare_gaps);
  rank = (guint)(percent * gaps->len / 100);
  if (rank * 100.0 < percent * gaps->len)
    rank++;
  rank = CLAMP (rank, 1, gaps->len);
  return g_array_index (gaps, gint64, rank - 1) / 1000.0;
}

long
cairn_test_peak_rss_kb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}
