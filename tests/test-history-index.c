/* test-history-index.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "cairn-test-harness.h"
#include "history/cairn-conversation-info.h"
#include "history/cairn-history-cache.h"
#include "history/cairn-history-index.h"
#include "history/cairn-history-paths.h"

/* The history's list at scale and on bad input: the title read from the
 * tail window only (on the real CLI's lines), the list cache across runs
 * and a damaged one, a project's list arriving in batches newest first,
 * files that can't be read, project folders that loop, 100,000 files and
 * files that come and go while the list is read. */

#define ROWS "history/rows/47c0592a-2c45-496d-86b9-83bc29cb1971.jsonl"
#define RENAME "history/rename/da353b36-8dd7-4ab1-996d-dd818e0f449b.jsonl"

static char *
recording (const char *name)
{
  g_autofree char *path = cairn_test_data_path (name);
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

static GFile *
write_file (const char *dir,
            const char *name,
            const char *contents)
{
  cairn_test_write_file (dir, name, contents);
  return g_file_new_build_filename (dir, name, NULL);
}

static CairnConversationInfo *
read_info (GFile *file)
{
  g_autoptr(GError) error = NULL;
  CairnConversationInfo *info = cairn_conversation_info_read (file, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (info);
  return info;
}

static void
set_mtime (GFile  *file,
           time_t  when)
{
  g_assert_cmpint (g_utime (g_file_peek_path (file), &(struct utimbuf){ when, when }), ==, 0);
}

/* Only the last 64 KB are read for titles, and within them lines are
 * found by their type's bytes rather than scanned one by one: a rename
 * older than the last prompt still wins while it is in the window, and
 * the newest message (not a subagent's, whatever its content says) gives
 * the branch. */
static void
test_tail_titles (void)
{
  g_autofree char *dir = cairn_test_make_dir ("history-index");
  g_autofree char *rows = recording (ROWS);
  g_autofree char *rename = recording (RENAME);
  g_autofree char *head = g_strconcat (rows, rows, rows, NULL);   /* 90 KB: past the head window */
  g_autofree char *near = g_strconcat (head, rename, rows, NULL);
  g_autofree char *far = g_strconcat (head, rename, rows, rows, rows, NULL);
  g_autofree char *side = g_strconcat (head, rename, rows,
    "{\"type\":\"assistant\",\"isSidechain\":true,\"gitBranch\":\"agent-branch\","
    "\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"\\\"title\\\" and summary\\\"\"}]}}\n"
    "{\"type\":\"system\",\"content\":\"customTitle\\\"\"}\n", NULL);
  g_autoptr(GFile) near_file = write_file (dir, "near.jsonl", near);
  g_autoptr(GFile) far_file = write_file (dir, "far.jsonl", far);
  g_autoptr(GFile) side_file = write_file (dir, "side.jsonl", side);
  g_autoptr(CairnConversationInfo) near_info = read_info (near_file);
  g_autoptr(CairnConversationInfo) far_info = read_info (far_file);
  g_autoptr(CairnConversationInfo) side_info = read_info (side_file);

  g_assert_cmpstr (cairn_conversation_info_get_title (near_info), ==, "Renamed by the CLI");
  g_assert_cmpstr (cairn_conversation_info_get_git_branch (near_info), ==, "HEAD");
  /* 90 KB after it: out of the window, the last prompt titles */
  g_assert_cmpstr (cairn_conversation_info_get_title (far_info), ==, "Please do everything");
  g_assert_cmpstr (cairn_conversation_info_get_title (side_info), ==, "Renamed by the CLI");
  g_assert_cmpstr (cairn_conversation_info_get_git_branch (side_info), ==, "HEAD");
  cairn_test_remove_dir (dir);
}

#define PROMPT(text) "{\"type\":\"user\",\"cwd\":\"/p\",\"timestamp\":\"2026-11-20T10:00:00Z\"," \
                     "\"message\":{\"role\":\"user\",\"content\":\"" text "\"}}\n"

static char *
title_at (GPtrArray *infos,
          guint      i)
{
  g_assert_cmpuint (i, <, infos->len);
  return g_strdup (cairn_conversation_info_get_title (g_ptr_array_index (infos, i)));
}

static char *
list_first_title (GFile *folder)
{
  g_autoptr(CairnHistoryIndex) index = cairn_history_index_new ();
  g_autoptr(GPtrArray) infos = cairn_history_index_list_folder (index, folder, NULL);

  return title_at (infos, 0);
}

static void
write_cache_bytes (GFile      *folder,
                   const char *bytes,
                   gsize       length)
{
  g_autoptr(GFile) cache = cairn_history_cache_file (folder);
  g_autofree char *parent = g_path_get_dirname (g_file_peek_path (cache));

  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_assert_true (g_file_set_contents (g_file_peek_path (cache), bytes, length, NULL));
}

/* The list is kept across runs and trusted per file while its size and
 * time are those it was read at; a damaged, truncated, foreign or huge
 * cache file is no cache. */
static void
test_list_cache (void)
{
  g_autofree char *cache_home = cairn_test_make_dir ("cache-home");
  g_autofree char *dir = cairn_test_make_dir ("history-index");
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFile) cache = NULL;
  g_autoptr(GFile) file = write_file (dir, "a.jsonl", PROMPT ("first title"));
  g_autofree char *valid = NULL, *title = NULL;
  gsize valid_length;
  int fd;

  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);
  cache = cairn_history_cache_file (folder);
  g_assert_true (g_str_has_prefix (g_file_peek_path (cache), cache_home));
  set_mtime (file, 100000);
  title = list_first_title (folder);
  g_assert_cmpstr (title, ==, "first title");
  g_assert_true (g_file_query_exists (cache, NULL));
  g_assert_true (g_file_get_contents (g_file_peek_path (cache), &valid, &valid_length, NULL));

  /* same size, same time: a new index shows what the cache says */
  g_clear_object (&file);
  file = write_file (dir, "a.jsonl", PROMPT ("other title"));
  set_mtime (file, 100000);
  g_free (title);
  title = list_first_title (folder);
  g_assert_cmpstr (title, ==, "first title");
  /* another time: read again */
  set_mtime (file, 100001);
  g_free (title);
  title = list_first_title (folder);
  g_assert_cmpstr (title, ==, "other title");

  /* the file read now is cached; a damaged cache is read as none */
  set_mtime (file, 100000);
  write_cache_bytes (folder, valid, valid_length / 2);
  g_free (title);
  title = list_first_title (folder);
  g_assert_cmpstr (title, ==, "other title");
  write_cache_bytes (folder, "not a cache at all", 18);
  g_free (title);
  title = list_first_title (folder);
  g_assert_cmpstr (title, ==, "other title");
  /* the right cache of another folder's path is not this one's */
  {
    g_autoptr(GFile) other = g_file_new_for_path ("/elsewhere");
    g_autoptr(CairnHistoryCache) foreign = cairn_history_cache_new (other);
    g_autoptr(CairnConversationInfo) info = read_info (file);
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(CairnHistoryCache) parsed = NULL;

    cairn_conversation_info_set_title (info, "foreign");
    cairn_history_cache_add (foreign, "a.jsonl", cairn_conversation_info_get_size (info),
                             100000 * (guint64)G_USEC_PER_SEC, info);
    bytes = cairn_history_cache_serialize (foreign);
    parsed = cairn_history_cache_parse (folder, bytes);
    g_assert_cmpuint (cairn_history_cache_get_n (parsed), ==, 0);
    write_cache_bytes (folder, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    g_free (title);
    title = list_first_title (folder);
    g_assert_cmpstr (title, ==, "other title");
  }
  /* one too big to be a cache is not read */
  fd = g_open (g_file_peek_path (cache), O_WRONLY | O_TRUNC, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 65 * 1024 * 1024), ==, 0);
  close (fd);
  g_free (title);
  title = list_first_title (folder);
  g_assert_cmpstr (title, ==, "other title");
  g_unsetenv ("XDG_CACHE_HOME");
  cairn_test_remove_dir (dir);
  cairn_test_remove_dir (cache_home);
}

/* The cache file is framed by hand, one entry at a time (a GVariant tree
 * of the whole list cost 2 KB a conversation at its peak): its bytes are
 * GLib's own normal form, and read back whole, at the sizes where the
 * framing offsets widen (1, 2 and 4 bytes). */
static void
test_cache_bytes (void)
{
  g_autoptr(GFile) folder = g_file_new_for_path ("/some/folder");
  static const guint counts[] = { 0, 1, 3, 800 };

  for (guint c = 0; c < G_N_ELEMENTS (counts); c++)
    {
      g_autoptr(CairnHistoryCache) cache = cairn_history_cache_new (folder);
      g_autoptr(CairnHistoryCache) parsed = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GVariant) variant = NULL;
      g_autoptr(GVariant) again = NULL;

      for (guint i = 0; i < counts[c]; i++)
        {
          g_autofree char *name = g_strdup_printf ("%08u.jsonl", i);
          g_autofree char *title = g_strdup_printf ("Conversation %u about the linker", i);
          g_autoptr(GFile) file = g_file_get_child (folder, name);
          g_autoptr(CairnConversationInfo) info =
            cairn_conversation_info_new (file, title, i % 2 ? "/home/user/src/project" : NULL,
                                         i % 3 ? "main" : NULL, 1000 + i, 2000 + i, 100 + i, 3000 + i);

          cairn_history_cache_add (cache, name, 100 + i, 3000 + i, i % 5 ? info : NULL);
        }
      bytes = cairn_history_cache_serialize (cache);
      variant = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE ("(sa(sttbsmsmsxx))"), bytes, FALSE));
      g_assert_true (g_variant_is_normal_form (variant));
      again = g_variant_get_normal_form (variant);
      g_assert_cmpuint (g_variant_get_size (again), ==, g_bytes_get_size (bytes));
      g_assert_cmpmem (g_variant_get_data (again), g_variant_get_size (again), g_bytes_get_data (bytes, NULL),
                       g_bytes_get_size (bytes));
      parsed = cairn_history_cache_parse (folder, bytes);
      g_assert_cmpuint (cairn_history_cache_get_n (parsed), ==, counts[c]);
      for (guint i = 0; i < counts[c]; i++)
        {
          g_autofree char *name = g_strdup_printf ("%08u.jsonl", i);
          g_autofree char *title = g_strdup_printf ("Conversation %u about the linker", i);
          g_autoptr(CairnConversationInfo) info = NULL;

          g_assert_true (cairn_history_cache_lookup (parsed, name, 100 + i, 3000 + i, &info));
          g_assert_true ((info != NULL) == (i % 5 != 0));
          if (info == NULL)
            continue;
          g_assert_cmpstr (cairn_conversation_info_get_title (info), ==, title);
          g_assert_cmpstr (cairn_conversation_info_get_cwd (info), ==, i % 2 ? "/home/user/src/project" : NULL);
          g_assert_cmpstr (cairn_conversation_info_get_git_branch (info), ==, i % 3 ? "main" : NULL);
          g_assert_cmpint (cairn_conversation_info_get_modified (info), ==, 2000 + i);
        }
      if (counts[c] == 800)
        g_assert_cmpuint (g_bytes_get_size (bytes), >, G_MAXUINT16);
    }
}

static GBytes *
cache_contents (GFile *folder)
{
  g_autoptr(GFile) cache = cairn_history_cache_file (folder);
  char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (g_file_peek_path (cache), &contents, &length, NULL));
  return g_bytes_new_take (contents, length);
}

/* A folder listed again and again (a reply streaming into it) has its
 * cache file written at most every 10 s; a new run writes it at once. */
static void
test_cache_written_at_most_every_10_s (void)
{
  g_autofree char *cache_home = cairn_test_make_dir ("cache-home");
  g_autofree char *dir = cairn_test_make_dir ("history-index");
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFile) file = write_file (dir, "a.jsonl", PROMPT ("one"));
  g_autoptr(CairnHistoryIndex) index = cairn_history_index_new ();
  g_autoptr(GPtrArray) first = NULL, second = NULL;
  g_autoptr(GBytes) written = NULL, kept = NULL, rewritten = NULL;
  g_autofree char *title = NULL;

  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);
  first = cairn_history_index_list_folder (index, folder, NULL);
  written = cache_contents (folder);
  g_clear_object (&file);
  file = write_file (dir, "a.jsonl", PROMPT ("two, longer"));
  second = cairn_history_index_list_folder (index, folder, NULL);
  title = title_at (second, 0);
  g_assert_cmpstr (title, ==, "two, longer");
  kept = cache_contents (folder);
  g_assert_true (g_bytes_equal (kept, written));
  g_free (title);
  title = list_first_title (folder);
  g_assert_cmpstr (title, ==, "two, longer");
  rewritten = cache_contents (folder);
  g_assert_false (g_bytes_equal (rewritten, written));
  g_unsetenv ("XDG_CACHE_HOME");
  cairn_test_remove_dir (dir);
  cairn_test_remove_dir (cache_home);
}

typedef struct
{
  CairnHistoryIndex *index;
  GListModel        *model;
  guint              changes;
  guint              first_added;
  char              *first_title;
  gboolean           listed;
  gint64             last_tick;
  gint64             last_cpu;
  gint64             max_gap;
  gint64             max_cpu_gap;
  guint              most_at_top;   /* conversations one change moved in the first 200 */
  guint              listed_n;      /* in the list when it was said listed */
} ListWatch;

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  ListWatch  *watch)
{
  if (position < 200)
    watch->most_at_top = MAX (watch->most_at_top, removed + added);
  if (watch->changes++ == 0)
    {
      g_autoptr(CairnConversationInfo) info = g_list_model_get_item (model, 0);

      watch->first_added = added;
      watch->first_title = g_strdup (cairn_conversation_info_get_title (info));
    }
}

static void
listed_cb (CairnHistoryIndex *index,
           const char        *cwd,
           ListWatch         *watch)
{
  watch->listed = TRUE;
  watch->listed_n = g_list_model_get_n_items (watch->model);
}

static gboolean
is_listed (gpointer data)
{
  return ((ListWatch *)data)->listed;
}

/* How long the main loop went without running: what a window would
 * feel as a frame gap; and how much of it the main thread was working
 * (the rest is the machine: other processes, the reading thread). */
static gboolean
tick_cb (gpointer data)
{
  ListWatch *watch = data;
  gint64 now = g_get_monotonic_time (), cpu = cairn_test_thread_cpu_time_us ();

  if (watch->last_tick != 0)
    {
      watch->max_gap = MAX (watch->max_gap, now - watch->last_tick);
      watch->max_cpu_gap = MAX (watch->max_cpu_gap, cpu - watch->last_cpu);
    }
  watch->last_tick = now;
  watch->last_cpu = cpu;
  return G_SOURCE_CONTINUE;
}

/* A project in a config folder of its own. */
static char *
make_project (const char *config,
              char      **folder_path)
{
  char *project = cairn_test_make_dir ("project");
  g_autoptr(GFile) folder = NULL;

  g_setenv ("CLAUDE_CONFIG_DIR", config, TRUE);
  folder = cairn_history_project_folder (project);
  *folder_path = g_file_get_path (folder);
  g_assert_cmpint (g_mkdir_with_parents (*folder_path, 0700), ==, 0);
  return project;
}

/* Conversation files made fast (no fsync), one line each, the newest last
 * (by modification time: the lines have no timestamp). */
static void
make_conversations (const char *folder,
                    guint       n,
                    const char *prefix)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s-%06u.jsonl", folder, prefix, i);
      g_autofree char *line = g_strdup_printf ("{\"type\":\"user\",\"cwd\":\"/p\",\"message\":"
                                               "{\"role\":\"user\",\"content\":\"%s %u\"}}\n", prefix, i);
      int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

      g_assert_cmpint (fd, >=, 0);
      g_assert_cmpint (write (fd, line, strlen (line)), ==, (gssize)strlen (line));
      close (fd);
      g_assert_cmpint (g_utime (path, &(struct utimbuf){ 1000000 + i, 1000000 + i }), ==, 0);
    }
}

static void
watch_list (ListWatch  *watch,
            const char *project)
{
  g_signal_connect (watch->index, "conversations-listed", G_CALLBACK (listed_cb), watch);
  watch->model = cairn_history_index_get_conversations (watch->index, project);
  g_signal_connect (watch->model, "items-changed", G_CALLBACK (items_changed_cb), watch);
}

/* @model holds what @folder holds, in the order of a list read at once,
 * which it returns. */
static GPtrArray *
assert_as_read_at_once (CairnHistoryIndex *index,
                        GFile             *folder,
                        GListModel        *model)
{
  GPtrArray *at_once = cairn_history_index_list_folder (index, folder, NULL);

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, at_once->len);
  for (guint i = 0; i < at_once->len; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);
      g_assert_true (item == g_ptr_array_index (at_once, i));
    }
  return at_once;
}

/* A project's first list arrives in batches, the newest first: the top
 * of the list is there before the rest is read, and the whole is in the
 * same order as a list read at once. */
static void
test_batches_newest_first (void)
{
  g_autofree char *config = cairn_test_make_dir ("config");
  g_autofree char *folder_path = NULL;
  g_autofree char *project = make_project (config, &folder_path);
  g_autoptr(CairnHistoryIndex) index = cairn_history_index_new ();
  g_autoptr(GFile) folder = g_file_new_for_path (folder_path);
  g_autoptr(GPtrArray) at_once = NULL;
  ListWatch watch = { index };

  make_conversations (folder_path, 2000, "talk");
  watch_list (&watch, project);
  g_assert_false (cairn_history_index_get_listed (index, project));
  g_assert_true (cairn_test_wait_until (is_listed, &watch, 30000));
  g_assert_true (cairn_history_index_get_listed (index, project));
  g_assert_cmpuint (watch.changes, >=, 2);
  g_assert_cmpuint (watch.first_added, <, 2000);
  g_assert_cmpstr (watch.first_title, ==, "talk 1999");
  g_assert_cmpuint (g_list_model_get_n_items (watch.model), ==, 2000);
  at_once = assert_as_read_at_once (index, folder, watch.model);
  g_assert_cmpuint (cairn_history_index_get_unreadable (index, project)->len, ==, 0);
  g_free (watch.first_title);
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (config);
  cairn_test_remove_dir (project);
}

/* Where a list view makes rows (its first 200 items) the list changes a
 * few conversations at a time, as it fills and when new ones come at the
 * top, so no frame makes hundreds of rows; it is said listed once all of
 * it is in, in the order of a list read at once. */
static void
test_slices_at_the_top (void)
{
  g_autofree char *config = cairn_test_make_dir ("config");
  g_autofree char *folder_path = NULL;
  g_autofree char *project = make_project (config, &folder_path);
  g_autoptr(CairnHistoryIndex) index = cairn_history_index_new ();
  g_autoptr(GFile) folder = g_file_new_for_path (folder_path);
  g_autoptr(GPtrArray) at_once = NULL;
  ListWatch watch = { index };
  guint changes;

  make_conversations (folder_path, 600, "early");
  watch_list (&watch, project);
  g_assert_true (cairn_test_wait_until (is_listed, &watch, 30000));
  g_assert_cmpuint (watch.listed_n, ==, 600);
  g_assert_cmpuint (watch.most_at_top, >, 0);
  g_assert_cmpuint (watch.most_at_top, <=, 8);
  /* 60 newer ones: listed again, they go in at the top, 8 at a time */
  for (guint i = 0; i < 60; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/late-%06u.jsonl", folder_path, i);
      g_autofree char *line = g_strdup_printf (PROMPT ("late %u"), i);

      g_assert_true (g_file_set_contents (path, line, -1, NULL));
      g_assert_cmpint (g_utime (path, &(struct utimbuf){ 2000000 + i, 2000000 + i }), ==, 0);
    }
  watch.listed = FALSE;
  watch.most_at_top = 0;
  changes = watch.changes;
  g_assert_true (cairn_test_wait_until (is_listed, &watch, 30000));
  g_assert_cmpuint (watch.listed_n, ==, 660);
  g_assert_cmpuint (watch.changes - changes, >=, 60 / 8);
  g_assert_cmpuint (watch.most_at_top, <=, 8);
  at_once = assert_as_read_at_once (index, folder, watch.model);
  g_assert_cmpstr (cairn_conversation_info_get_title (g_ptr_array_index (at_once, 0)), ==, "late 59");
  g_free (watch.first_title);
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (config);
  cairn_test_remove_dir (project);
}

/* What can't be read is left out and counted: a link to itself, a link
 * to nothing, a pipe (never opened: it would block), a file without
 * permission (unless the test runs as root). A folder is no conversation. */
static void
test_unreadable (void)
{
  g_autofree char *config = cairn_test_make_dir ("config");
  g_autofree char *folder_path = NULL;
  g_autofree char *project = make_project (config, &folder_path);
  g_autoptr(CairnHistoryIndex) index = cairn_history_index_new ();
  g_autofree char *loop = g_build_filename (folder_path, "loop.jsonl", NULL);
  g_autofree char *dangling = g_build_filename (folder_path, "dangling.jsonl", NULL);
  g_autofree char *pipe = g_build_filename (folder_path, "pipe.jsonl", NULL);
  g_autofree char *sub = g_build_filename (folder_path, "folder.jsonl", NULL);
  g_autoptr(GFile) locked = NULL;
  ListWatch watch = { index };
  guint expected = 3;

  make_conversations (folder_path, 1, "fine");
  g_assert_cmpint (symlink ("loop.jsonl", loop), ==, 0);
  g_assert_cmpint (symlink ("nowhere.jsonl", dangling), ==, 0);
  g_assert_cmpint (mkfifo (pipe, 0600), ==, 0);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  locked = write_file (folder_path, "locked.jsonl", PROMPT ("locked"));
  g_chmod (g_file_peek_path (locked), 0);
  expected += geteuid () != 0;   /* root reads a chmod 000 file anyway */

  watch_list (&watch, project);
  g_assert_true (cairn_test_wait_until (is_listed, &watch, 10000));
  g_assert_cmpuint (g_list_model_get_n_items (watch.model), ==, 1 + (geteuid () == 0));
  g_assert_cmpuint (cairn_history_index_get_unreadable (index, project)->len, ==, expected);
  g_free (watch.first_title);
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (config);
  cairn_test_remove_dir (project);
}

static void
projects_listed_cb (CairnHistoryIndex *index,
                    gboolean          *listed)
{
  *listed = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *)data;
}

/* Project folders that are links in a loop, to projects/ itself or to
 * its parent: the start page lists the real project and ends. */
static void
test_project_folder_loops (void)
{
  g_autofree char *config = cairn_test_make_dir ("config");
  g_autofree char *folder_path = NULL;
  g_autofree char *project = make_project (config, &folder_path);
  g_autoptr(CairnHistoryIndex) index = cairn_history_index_new ();
  g_autofree char *projects = g_path_get_dirname (folder_path);
  g_autofree char *loop = g_build_filename (projects, "-loop", NULL);
  g_autofree char *self = g_build_filename (projects, "-self", NULL);
  g_autofree char *up = g_build_filename (projects, "-up", NULL);
  gboolean listed = FALSE;

  make_conversations (folder_path, 3, "real");
  g_assert_cmpint (symlink ("-loop", loop), ==, 0);
  g_assert_cmpint (symlink (".", self), ==, 0);
  g_assert_cmpint (symlink ("..", up), ==, 0);
  g_signal_connect (index, "projects-listed", G_CALLBACK (projects_listed_cb), &listed);
  cairn_history_index_refresh_projects (index);
  g_assert_true (cairn_test_wait_until (is_true, &listed, 10000));
  g_assert_true (cairn_history_index_get_projects_listed (index));
  g_assert_cmpuint (g_list_model_get_n_items (cairn_history_index_get_projects (index)), ==, 1);
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (config);
  cairn_test_remove_dir (project);
}

/* 100,000 conversation files: all listed, and the main loop never works
 * 100 ms between two turns (the reading is in a thread, the batches are
 * bounded). Its wall-clock gaps are printed: on a loaded machine they
 * say more about the machine. */
static void
test_many_files (void)
{
  g_autofree char *config = cairn_test_make_dir ("config");
  g_autofree char *folder_path = NULL;
  g_autofree char *project = make_project (config, &folder_path);
  g_autoptr(CairnHistoryIndex) index = cairn_history_index_new ();
  ListWatch watch = { index };
  /* under AddressSanitizer (slow unwinding on each malloc) a file costs a
   * hundred times more: 5,000 there */
#ifdef __SANITIZE_ADDRESS__
  guint n = 5000;
#else
  guint n = 100000;
#endif
  guint tick;

  make_conversations (folder_path, n, "many");
  tick = g_timeout_add (5, tick_cb, &watch);
  watch_list (&watch, project);
  g_assert_true (cairn_test_wait_until (is_listed, &watch, 300000));
  g_source_remove (tick);
  g_assert_cmpuint (g_list_model_get_n_items (watch.model), ==, n);
  g_test_message ("longest main-loop gap: %" G_GINT64_FORMAT " µs, of which working %" G_GINT64_FORMAT " µs",
                  watch.max_gap, watch.max_cpu_gap);
  g_assert_cmpint (watch.max_cpu_gap, <, 100 * 1000);
  g_free (watch.first_title);
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (config);
  cairn_test_remove_dir (project);
}

/* Files appearing and vanishing while the list is read: it ends, a file
 * gone is not one that "could not be read", and the files that stay are
 * all listed. */
static void
test_files_come_and_go (void)
{
  g_autofree char *config = cairn_test_make_dir ("config");
  g_autofree char *folder_path = NULL;
  g_autofree char *project = make_project (config, &folder_path);
  g_autoptr(CairnHistoryIndex) index = cairn_history_index_new ();
  CairnTestChurn *churn;
  ListWatch watch = { index };
  guint stable = 0, made;

  make_conversations (folder_path, 1000, "stays");
  churn = cairn_test_churn_start (folder_path, PROMPT ("churn"));
  watch_list (&watch, project);
  g_assert_true (cairn_test_wait_until (is_listed, &watch, 60000));
  made = cairn_test_churn_stop (churn);
  for (guint i = 0; i < g_list_model_get_n_items (watch.model); i++)
    {
      g_autoptr(CairnConversationInfo) info = g_list_model_get_item (watch.model, i);
      stable += g_str_has_prefix (cairn_conversation_info_get_title (info), "stays ");
    }
  g_assert_cmpuint (stable, ==, 1000);
  g_assert_cmpuint (made, >, 0);
  g_assert_cmpuint (cairn_history_index_get_unreadable (index, project)->len, ==, 0);
  g_free (watch.first_title);
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (config);
  cairn_test_remove_dir (project);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/history-index/tail-titles", test_tail_titles);
  g_test_add_func ("/cairn/history-index/list-cache", test_list_cache);
  g_test_add_func ("/cairn/history-index/cache-bytes", test_cache_bytes);
  g_test_add_func ("/cairn/history-index/cache-written-at-most-every-10-s", test_cache_written_at_most_every_10_s);
  g_test_add_func ("/cairn/history-index/batches-newest-first", test_batches_newest_first);
  g_test_add_func ("/cairn/history-index/slices-at-the-top", test_slices_at_the_top);
  g_test_add_func ("/cairn/history-index/unreadable", test_unreadable);
  g_test_add_func ("/cairn/history-index/project-folder-loops", test_project_folder_loops);
  g_test_add_func ("/cairn/history-index/many-files", test_many_files);
  g_test_add_func ("/cairn/history-index/files-come-and-go", test_files_come_and_go);

  return g_test_run ();
}
