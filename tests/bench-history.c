/* bench-history.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-test-harness.h"
#include "history/cairn-history-index.h"
#include "history/cairn-history-lines.h"
#include "history/cairn-history-paths.h"
#include "search/cairn-search.h"
#include "session/cairn-session.h"

/* Cairn's history core on a corpus (tests/history-corpus.py), one figure
 * a line, for tests/bench-history.sh to set beside the official SDK's:
 *
 *   bench-history list              a project's list (first batch, whole) and the
 *                                   projects, without and with the list cache;
 *                                   every project's conversations, three times
 *   bench-history open FILE         open one conversation as the window does
 *   bench-history search WORDS      search every conversation
 *
 * CLAUDE_CONFIG_DIR must point at the corpus; the list cache goes to a
 * folder of the run's own, emptied before each cold figure. Asserts
 * nothing. */

static double
seconds_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / (double)G_USEC_PER_SEC;
}

static guint
list_all (CairnHistoryIndex *index)
{
  g_autoptr(GFile) root = cairn_history_projects_dir ();
  g_autoptr(GFileEnumerator) folders = g_file_enumerate_children (root, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);
  GFileInfo *info;
  GFile *folder;
  guint n = 0;

  while (folders != NULL && g_file_enumerator_iterate (folders, &info, &folder, NULL, NULL) && info != NULL)
    {
      g_autoptr(GPtrArray) infos = cairn_history_index_list_folder (index, folder, NULL);
      n += infos->len;
    }
  return n;
}

/* The list cache of this run, in a folder of its own (never the user's):
 * "cold" is without it (the page cache is warm all the same: the files
 * were read before). */
static char *list_cache_home;

static void
remove_dir (const char *dir)
{
  const char *argv[] = { "/bin/rm", "-rf", "--", dir, NULL };

  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, NULL, NULL);
}

static void
clear_list_cache (void)
{
  g_autofree char *dir = g_build_filename (list_cache_home, "cairn", NULL);

  remove_dir (dir);
}

typedef struct
{
  gint64 start;
  double first_s;
  double complete_s;
} ListTimes;

static void
first_batch_cb (GListModel *model,
                guint       position,
                guint       removed,
                guint       added,
                ListTimes  *times)
{
  if (times->first_s == 0 && added > 0)
    times->first_s = seconds_since (times->start);
}

static void
complete_cb (ListTimes *times)
{
  times->complete_s = seconds_since (times->start);
}

static gboolean
list_complete (gpointer data)
{
  return ((ListTimes *)data)->complete_s > 0;
}

/* A project's list as the sidebar gets it: its first batch, then whole.
 * The project with most conversations: project-00 in the corpus. */
static void
bench_sidebar (const char *cwd,
               const char *label)
{
  g_autoptr(CairnHistoryIndex) index = cairn_history_index_new ();
  ListTimes times = { g_get_monotonic_time () };
  GListModel *model;

  g_signal_connect_swapped (index, "conversations-listed", G_CALLBACK (complete_cb), &times);
  model = cairn_history_index_get_conversations (index, cwd);
  g_signal_connect (model, "items-changed", G_CALLBACK (first_batch_cb), &times);
  cairn_test_wait_until (list_complete, &times, 600000);
  g_print ("project-list-%s-n %u\n", label, g_list_model_get_n_items (model));
  g_print ("project-list-%s-first-batch-s %.3f\n", label, times.first_s);
  g_print ("project-list-%s-complete-s %.3f\n", label, times.complete_s);
}

/* The start page's projects: at first sight, then counted. */
static void
bench_projects (const char *label)
{
  g_autoptr(CairnHistoryIndex) index = cairn_history_index_new ();
  ListTimes times = { g_get_monotonic_time () };
  GListModel *model = cairn_history_index_get_projects (index);

  g_signal_connect_swapped (index, "projects-listed", G_CALLBACK (complete_cb), &times);
  g_signal_connect (model, "items-changed", G_CALLBACK (first_batch_cb), &times);
  cairn_history_index_refresh_projects (index);
  cairn_test_wait_until (list_complete, &times, 600000);
  g_print ("projects-%s-n %u\n", label, g_list_model_get_n_items (model));
  g_print ("projects-%s-first-s %.3f\n", label, times.first_s);
  g_print ("projects-%s-complete-s %.3f\n", label, times.complete_s);
}

static void
bench_list (void)
{
  const char *cwd = "/home/user/src/project-00";
  g_autoptr(CairnHistoryIndex) index = NULL;
  g_autoptr(CairnHistoryIndex) later = cairn_history_index_new ();
  gint64 start;
  guint n;
  double cold, warm, warm_disk;

  list_cache_home = g_dir_make_tmp ("cairn-bench-cache-XXXXXX", NULL);
  g_setenv ("XDG_CACHE_HOME", list_cache_home, TRUE);
  g_assert_true (g_str_equal (g_get_user_cache_dir (), list_cache_home));
  clear_list_cache ();
  bench_sidebar (cwd, "cold");
  clear_list_cache ();
  bench_projects ("cold");
  clear_list_cache ();
  index = cairn_history_index_new ();
  start = g_get_monotonic_time ();
  n = list_all (index);
  cold = seconds_since (start);
  start = g_get_monotonic_time ();
  list_all (index);
  warm = seconds_since (start);
  /* a new run: what the list cache on disk holds */
  start = g_get_monotonic_time ();
  list_all (later);
  warm_disk = seconds_since (start);
  g_print ("list-conversations %u\n", n);
  g_print ("list-cold-s %.3f\n", cold);
  g_print ("list-warm-s %.4f\n", warm);
  g_print ("list-warm-cache-file-s %.3f\n", warm_disk);
  bench_sidebar (cwd, "warm");
  bench_projects ("warm");
  g_print ("list-peak-rss-mb %.0f\n", cairn_test_peak_rss_kb () / 1024.0);
  remove_dir (list_cache_home);
}

typedef struct
{
  gint64  start;
  double  tail_s;
  gboolean done;
} OpenTimes;

static void
first_rows_cb (GListModel *model,
               guint       position,
               guint       removed,
               guint       added,
               OpenTimes  *times)
{
  if (times->tail_s == 0)
    times->tail_s = seconds_since (times->start);
}

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  OpenTimes *times = user_data;
  g_autoptr(GError) error = NULL;

  if (!cairn_session_open_conversation_finish (CAIRN_SESSION (source), result, &error))
    g_printerr ("open failed: %s\n", error->message);
  times->done = TRUE;
}

static gboolean
open_done (gpointer data)
{
  return ((OpenTimes *)data)->done;
}

/* The user and assistant lines of the branch shown: what the SDK counts
 * as messages (counted apart, not timed). */
static guint
count_messages (GFile *file)
{
  g_autoptr(GFileInputStream) stream = g_file_read (file, NULL, NULL);
  g_autoptr(CairnHistoryLines) lines = stream ? cairn_history_lines_read (G_INPUT_STREAM (stream), NULL, NULL) : NULL;
  g_autoptr(GArray) shown = lines ? cairn_history_lines_shown (lines) : NULL;
  guint n = 0;

  for (guint i = 0; shown != NULL && i < shown->len; i++)
    {
      CairnLineKind kind = cairn_history_lines_get (lines, g_array_index (shown, guint, i))->kind;
      n += kind == CAIRN_LINE_USER || kind == CAIRN_LINE_ASSISTANT;
    }
  return n;
}

static void
bench_open (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(CairnSession) session = cairn_session_new (g_get_tmp_dir (), "/bin/true");
  CairnTranscript *transcript = cairn_session_get_transcript (session);
  OpenTimes times = { g_get_monotonic_time (), 0, FALSE };
  double total;
  guint messages;

  g_signal_connect (transcript, "items-changed", G_CALLBACK (first_rows_cb), &times);
  cairn_session_open_conversation_async (session, file, NULL, opened_cb, &times);
  cairn_test_wait_until (open_done, &times, 600000);
  total = seconds_since (times.start);
  messages = count_messages (file);
  g_print ("open-rows %u\n", g_list_model_get_n_items (G_LIST_MODEL (transcript)));
  g_print ("open-messages %u\n", messages);
  g_print ("open-last-screen-s %.3f\n", times.tail_s);
  g_print ("open-whole-s %.3f\n", total);
  g_print ("open-messages-per-s %.0f\n", messages / total);
  g_print ("open-peak-rss-mb %.0f\n", cairn_test_peak_rss_kb () / 1024.0);
}

typedef struct
{
  CairnSearch *search;
  gint64       start;
  double       first_s;
} SearchTimes;

static void
first_hit_cb (GListModel  *hits,
              guint        position,
              guint        removed,
              guint        added,
              SearchTimes *times)
{
  if (times->first_s == 0 && added > 0)
    times->first_s = seconds_since (times->start);
}

static gboolean
search_done (gpointer data)
{
  return !cairn_search_get_running (((SearchTimes *)data)->search);
}

static double
search_once (CairnSearch *search,
             const char  *words,
             GPtrArray   *folders,
             double      *first_s)
{
  SearchTimes times = { search, g_get_monotonic_time (), 0 };
  gulong id = g_signal_connect (cairn_search_get_hits (search), "items-changed", G_CALLBACK (first_hit_cb), &times);
  double total;

  cairn_search_start (search, words, folders);
  cairn_test_wait_until (search_done, &times, 600000);
  total = seconds_since (times.start);
  g_signal_handler_disconnect (cairn_search_get_hits (search), id);
  *first_s = times.first_s;
  return total;
}

static void
bench_search (const char *words)
{
  g_autoptr(GFile) root = cairn_history_projects_dir ();
  g_autoptr(GFileEnumerator) children = g_file_enumerate_children (root, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                                                   G_FILE_QUERY_INFO_NONE, NULL, NULL);
  g_autoptr(GPtrArray) folders = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(CairnSearch) search = cairn_search_new ();
  GFileInfo *info;
  GFile *folder;
  double first, total;

  while (children != NULL && g_file_enumerator_iterate (children, &info, &folder, NULL, NULL) && info != NULL)
    g_ptr_array_add (folders, g_object_ref (folder));
  search_once (search, words, folders, &first);   /* fills the page cache: "warm" */
  total = search_once (search, words, folders, &first);
  g_print ("search-hits %u\n", g_list_model_get_n_items (cairn_search_get_hits (search)));
  g_print ("search-first-hit-s %.3f\n", first);
  g_print ("search-whole-s %.3f\n", total);
  /* words found nowhere: every byte of every conversation is read */
  total = search_once (search, "zq-found-nowhere", folders, &first);
  g_print ("search-nothing-found-whole-s %.3f\n", total);
  g_print ("search-peak-rss-mb %.0f\n", cairn_test_peak_rss_kb () / 1024.0);
}

int
main (int   argc,
      char *argv[])
{
  if (argc >= 2 && g_str_equal (argv[1], "list"))
    bench_list ();
  else if (argc >= 3 && g_str_equal (argv[1], "open"))
    bench_open (argv[2]);
  else if (argc >= 3 && g_str_equal (argv[1], "search"))
    bench_search (argv[2]);
  else
    {
      g_printerr ("usage: %s list | open FILE | search WORDS\n", argv[0]);
      return 2;
    }
  return 0;
}
