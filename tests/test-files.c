/* test-files.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <pwd.h>
#include <stdlib.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "history/cairn-history-edit.h"
#include "protocol/cairn-protocol-log.h"
#include "session/cairn-session.h"
#include "transcript/cairn-notice-item.h"
#include "cairn-test-harness.h"

/* Files Cairn writes where someone else may have been first (issue 21):
 * protocol logs; lines appended to the CLI's session files; and a
 * conversation deleted while its CLI is still there. */

static CairnProtocolLog *
open_log (const char  *dir,
          GError     **error)
{
  return cairn_protocol_log_new (dir, error);
}

/* A fresh folder is made 0700, the files 0600. */
static void
test_log_modes (void)
{
  g_autofree char *root = cairn_test_make_dir ("files");
  g_autofree char *dir = g_build_filename (root, "logs", NULL);
  g_autofree char *in = NULL;
  g_autoptr(CairnProtocolLog) log = NULL;
  g_autoptr(GError) error = NULL;
  struct stat st;

  log = open_log (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (dir, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);
  in = g_strdup_printf ("%s-in.jsonl", cairn_protocol_log_get_prefix (log));
  g_assert_cmpint (g_lstat (in, &st), ==, 0);
  g_assert_true (S_ISREG (st.st_mode));
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_clear_object (&log);
  cairn_test_remove_dir (root);
}

/* A log folder that is a symlink (to a folder of the user's own, even)
 * is refused: whoever made the link chose where the logs go. */
static void
test_log_dir_symlink (void)
{
  g_autofree char *root = cairn_test_make_dir ("files");
  g_autofree char *real = g_build_filename (root, "real", NULL);
  g_autofree char *link = g_build_filename (root, "logs", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;

  g_assert_cmpint (g_mkdir (real, 0700), ==, 0);
  g_assert_cmpint (symlink (real, link), ==, 0);
  g_assert_null (open_log (link, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
  g_assert_nonnull (strstr (error->message, link));
  listing = g_dir_open (real, 0, NULL);
  g_assert_null (g_dir_read_name (listing));   /* nothing written through it */
  cairn_test_remove_dir (root);
}

/* Another user's folder, and one the group or others may open. */
static void
test_log_dir_not_own (void)
{
  g_autofree char *root = cairn_test_make_dir ("files");
  g_autofree char *open_dir = g_build_filename (root, "open", NULL);
  g_autofree char *theirs = g_build_filename (root, "theirs", NULL);
  g_autoptr(GError) error = NULL;
  struct passwd *nobody = getpwnam ("nobody");

  g_assert_cmpint (g_mkdir (open_dir, 0700), ==, 0);
  g_assert_cmpint (g_chmod (open_dir, 0770), ==, 0);
  g_assert_null (open_log (open_dir, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (strstr (error->message, "700"));
  g_clear_error (&error);

  if (getuid () != 0 || nobody == NULL)
    {
      g_test_skip ("chown to another user needs root");
      cairn_test_remove_dir (root);
      return;
    }
  g_assert_cmpint (g_mkdir (theirs, 0700), ==, 0);
  g_assert_cmpint (chown (theirs, nobody->pw_uid, nobody->pw_gid), ==, 0);
  g_assert_null (open_log (theirs, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (strstr (error->message, "another user"));
  cairn_test_remove_dir (root);
}

/* The name the log would take first already holds a symlink to a file
 * the user cares about, or a file: neither is written, and the log takes
 * another name. The random part is predicted by seeding GLib's random. */
static void
plant_at (const char *dir,
          guint32     random,
          const char *victim)
{
  for (int delta = 0; delta <= 1; delta++)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autoptr(GDateTime) then = g_date_time_add_seconds (now, delta);
      g_autofree char *stamp = g_date_time_format (then, "%Y%m%d-%H%M%S");
      g_autofree char *name = g_strdup_printf ("cairn-%s-%d-%08x-in.jsonl", stamp,
                                               (int)getpid (), random);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *out = g_strdup_printf ("%.*s-out.jsonl", (int)strlen (path) - 9, path);

      g_assert_cmpint (symlink (victim, path), ==, 0);
      g_assert_true (g_file_set_contents (out, "planted\n", -1, NULL));
    }
}

static void
test_log_name_taken (void)
{
  g_autofree char *root = cairn_test_make_dir ("files");
  g_autofree char *dir = g_build_filename (root, "logs", NULL);
  g_autofree char *victim = g_build_filename (root, "victim", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *taken = NULL;
  g_autoptr(CairnProtocolLog) log = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  guint32 first = g_rand_int (rand);

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (victim, "precious\n", -1, NULL));
  plant_at (dir, first, victim);
  g_random_set_seed (21);
  log = open_log (dir, &error);
  g_assert_no_error (error);
  g_assert_nonnull (log);
  taken = g_strdup_printf ("%08x", first);
  g_assert_null (strstr (cairn_protocol_log_get_prefix (log), taken));
  cairn_protocol_log_write (log, CAIRN_PROTOCOL_LOG_IN, "{\"a\":1}", -1);
  cairn_protocol_log_write (log, CAIRN_PROTOCOL_LOG_OUT, "{\"b\":2}", -1);
  g_clear_object (&log);
  g_assert_true (g_file_get_contents (victim, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "precious\n");
  cairn_test_remove_dir (root);
}

/* The session says why it writes no log, in the conversation. */
static void
test_log_refused_notice (void)
{
  g_autofree char *root = cairn_test_make_dir ("files");
  g_autofree char *open_dir = g_build_filename (root, "open", NULL);
  g_autoptr(CairnSession) session = cairn_session_new (root, "/bin/false");
  g_autoptr(GError) error = NULL;
  CairnNoticeItem *notice;

  g_assert_cmpint (g_mkdir (open_dir, 0755), ==, 0);
  g_assert_false (cairn_session_set_debug_dir (session, open_dir, &error));
  g_assert_nonnull (error);
  notice = CAIRN_NOTICE_ITEM (cairn_test_find_item (cairn_session_get_transcript (session),
                                                    CAIRN_ITEM_KIND_NOTICE, 0));
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (cairn_notice_item_get_body (notice), open_dir));
  cairn_test_remove_dir (root);
}

#define SESSION_NAME "0b4b7c0e-5d6e-4a51-9a53-2b1c2f1e0d21.jsonl"

/* A session file whose last line the CLI left without its newline (it was
 * killed mid-write): the title goes on a line of its own, whole. */
static void
test_append_after_cut_line (void)
{
  g_autofree char *root = cairn_test_make_dir ("files");
  g_autofree char *path = g_build_filename (root, SESSION_NAME, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_set_contents (path, "{\"type\":\"user\"}\n{\"type\":\"assi", -1, NULL));
  g_assert_true (cairn_history_append_title (file, "Named", &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_suffix (contents, "\n"));
  lines = g_strsplit (contents, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_cmpstr (lines[1], ==, "{\"type\":\"assi");
  g_assert_true (g_str_has_prefix (lines[2], "{\"type\":\"custom-title\",\"customTitle\":\"Named\""));
  g_assert_cmpstr (lines[3], ==, "");
  cairn_test_remove_dir (root);
}

/* A write cut short (here by a file size limit, as a full disk would):
 * the file is left as it was, and the rename fails with a message. */
static void
test_append_short_write (void)
{
  g_autofree char *root = cairn_test_make_dir ("files");
  g_autofree char *path = g_build_filename (root, SESSION_NAME, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = g_strnfill (4000, 'x');
  g_autofree char *title = g_strnfill (8000, 't');
  g_autofree char *contents = NULL;
  struct rlimit old, small;
  void (*old_handler) (int) = signal (SIGXFSZ, SIG_IGN);
  gsize length;

  before[3999] = '\n';
  g_assert_true (g_file_set_contents (path, before, -1, NULL));
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old), ==, 0);
  small = old;
  small.rlim_cur = 8192;   /* the hard limit stays, so it can be put back */
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  g_assert_false (cairn_history_append_title (file, title, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old), ==, 0);
  signal (SIGXFSZ, old_handler);
  g_assert_nonnull (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, ==, 4000);
  g_assert_cmpstr (contents, ==, before);
  cairn_test_remove_dir (root);
}

static gboolean
is_set (gpointer data)
{
  return *(gpointer *)data != NULL;
}

static void
done_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  *(GAsyncResult **)user_data = g_object_ref (result);
}

/* Delete while the conversation's CLI runs: that CLI writes the session
 * file as it exits (tests/fault-cli.py CAIRN_FAULT_WRITE_ON_TERM, half a
 * second after SIGTERM). The file goes to the Trash only after the
 * process is gone, so it does not come back. */
static void
test_trash_after_exit (void)
{
  g_autofree char *root = cairn_test_make_dir ("files");
  g_autofree char *data_home = g_build_filename (root, "data", NULL);
  g_autofree char *path = g_build_filename (root, SESSION_NAME, NULL);
  g_autofree char *pid_file = g_build_filename (root, "cli.pid", NULL);
  g_autofree char *fault = g_test_build_filename (G_TEST_DIST, "fault-cli.py", NULL);
  g_autofree char *pid_text = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(CairnSession) session = NULL;
  g_autoptr(GAsyncResult) trashed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *proc = NULL;

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("CAIRN_FAULT_WRITE_ON_TERM", path, TRUE);
  g_setenv ("CAIRN_FAULT_PID_FILE", pid_file, TRUE);
  g_assert_true (g_file_set_contents (path, "{\"type\":\"user\"}\n", -1, NULL));
  session = cairn_session_new (root, fault);
  cairn_test_send_and_wait (session, "ping");
  g_assert_true (g_file_get_contents (pid_file, &pid_text, NULL, NULL));
  proc = g_strdup_printf ("/proc/%d", atoi (pid_text));
  g_assert_true (g_file_test (proc, G_FILE_TEST_EXISTS));

  cairn_session_trash_async (session, file, NULL, done_cb, &trashed);
  g_assert_true (cairn_test_wait_until (is_set, &trashed, 10000));
  g_assert_true (cairn_session_trash_finish (trashed, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (proc, G_FILE_TEST_EXISTS));   /* gone, and reaped */
  g_assert_false (g_file_query_exists (file, NULL));
  cairn_test_run_for (1000);
  g_assert_false (g_file_query_exists (file, NULL));

  g_unsetenv ("CAIRN_FAULT_WRITE_ON_TERM");
  g_unsetenv ("CAIRN_FAULT_PID_FILE");
  g_unsetenv ("XDG_DATA_HOME");
  cairn_test_remove_dir (root);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cairn/files/log/modes", test_log_modes);
  g_test_add_func ("/cairn/files/log/dir-symlink", test_log_dir_symlink);
  g_test_add_func ("/cairn/files/log/dir-not-own", test_log_dir_not_own);
  g_test_add_func ("/cairn/files/log/name-taken", test_log_name_taken);
  g_test_add_func ("/cairn/files/log/refused-notice", test_log_refused_notice);
  g_test_add_func ("/cairn/files/append/after-cut-line", test_append_after_cut_line);
  g_test_add_func ("/cairn/files/append/short-write", test_append_short_write);
  g_test_add_func ("/cairn/files/trash-after-exit", test_trash_after_exit);
  return g_test_run ();
}
