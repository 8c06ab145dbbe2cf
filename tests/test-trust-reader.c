/* test-trust-reader.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn-test-harness.h"
#include "trust/cairn-trust-folder.h"
#include "trust/cairn-trust-hooks.h"

/* The trust reader (docs/trust.md, "What a folder can hold" and "Bad
 * input"): each thing a folder would run is named; a file that can't be
 * read as it is becomes a problem, never a silent skip. */

static gboolean
has_entry (CairnTrustReport *report,
           CairnTrustKind    kind,
           const char       *name,
           const char       *detail)
{
  for (guint i = 0; i < cairn_trust_report_get_n_entries (report); i++)
    {
      const CairnTrustEntry *entry = cairn_trust_report_get_entry (report, i);

      if (entry->kind == kind && g_str_equal (entry->name, name) &&
          (detail == NULL || g_str_equal (entry->detail, detail)))
        return TRUE;
    }
  return FALSE;
}

static const char *every_kind =
  "{\"hooks\": {\"SessionStart\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"touch started\"}]}],"
  "            \"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"./check.sh\"}]}]},"
  " \"permissions\": {\"allow\": [\"Bash(make *)\"], \"ask\": [\"Write\"], \"deny\": [\"Read(.env)\"],"
  "                 \"additionalDirectories\": [\"/etc\"], \"defaultMode\": \"acceptEdits\"},"
  " \"env\": {\"PATH\": \"/tmp/evil:/usr/bin\"},"
  " \"apiKeyHelper\": \"./key.sh\", \"awsAuthRefresh\": \"aws sso login\","
  " \"statusLine\": {\"type\": \"command\", \"command\": \"./status.sh\"},"
  " \"fileSuggestion\": {\"type\": \"command\", \"command\": \"./files.sh\"},"
  " \"enabledPlugins\": {\"fmt@market\": true, \"off@market\": false},"
  " \"extraKnownMarketplaces\": {\"market\": {\"source\": {\"source\": \"github\", \"repo\": \"x/y\"}}},"
  " \"enableAllProjectMcpServers\": true, \"model\": \"opus\"}";

static void
test_reader_every_kind (void)
{
  g_autofree char *dir = cairn_test_make_dir ("trust-kinds");
  g_autoptr(CairnTrustReport) report = NULL;
  g_autoptr(GError) error = NULL;

  cairn_test_write_file (dir, ".claude/settings.json", every_kind);
  cairn_test_write_file (dir, ".claude/settings.local.json", "{\"permissions\": {\"allow\": [\"Bash(touch x)\"]}}");
  cairn_test_write_file (dir, ".mcp.json",
              "{\"mcpServers\": {\"db\": {\"command\": \"npx\", \"args\": [\"-y\", \"db server\"],"
              " \"env\": {\"TOKEN\": \"t1\"}}, \"web\": {\"type\": \"http\", \"url\": \"https://x.test/mcp\"}}}");
  report = cairn_trust_folder_read (dir, &error);
  g_assert_no_error (error);
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_HOOK, "SessionStart", "touch started"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_HOOK, "PreToolUse (Bash)", "./check.sh"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_PERMISSION, "allow", "Bash(make *)"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_PERMISSION, "ask", "Write"));
  g_assert_false (has_entry (report, CAIRN_TRUST_KIND_PERMISSION, "deny", NULL));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_PERMISSION, "additionalDirectories", "/etc"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_PERMISSION, "defaultMode", "acceptEdits"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_PERMISSION, "enableAllProjectMcpServers", "true"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_ENV, "PATH", "/tmp/evil:/usr/bin"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_COMMAND, "apiKeyHelper", "./key.sh"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_COMMAND, "awsAuthRefresh", "aws sso login"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_COMMAND, "statusLine", "./status.sh"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_COMMAND, "fileSuggestion", "./files.sh"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_PLUGIN, "enabledPlugins", "fmt@market"));
  g_assert_false (has_entry (report, CAIRN_TRUST_KIND_PLUGIN, "enabledPlugins", "off@market"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_PLUGIN, "extraKnownMarketplaces", NULL));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_PERMISSION, "allow", "Bash(touch x)"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_MCP_SERVER, "db", "npx -y 'db server'"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_ENV, "db: TOKEN", "t1"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_MCP_SERVER, "web", "https://x.test/mcp"));
  cairn_test_remove_dir (dir);
}

/* A key of the wrong type is listed as its JSON text, never skipped. */
static void
test_reader_wrong_types (void)
{
  g_autofree char *dir = cairn_test_make_dir ("trust-types");
  g_autoptr(CairnTrustReport) report = NULL;

  cairn_test_write_file (dir, ".claude/settings.json",
              "{\"hooks\": \"rm -rf ~\", \"permissions\": [\"Bash\"], \"env\": [1],"
              " \"statusLine\": \"./s.sh\", \"apiKeyHelper\": {\"a\": 1}}");
  cairn_test_write_file (dir, ".mcp.json", "{\"mcpServers\": {\"x\": \"run-me\", \"y\": {\"command\": 7}}}");
  report = cairn_trust_folder_read (dir, NULL);
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_HOOK, "hooks", "rm -rf ~"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_PERMISSION, "permissions", "[\"Bash\"]"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_ENV, "env", "[1]"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_COMMAND, "statusLine", "./s.sh"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_COMMAND, "apiKeyHelper", "{\"a\":1}"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_MCP_SERVER, "x", "run-me"));
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_MCP_SERVER, "y", NULL));
  cairn_test_remove_dir (dir);
}

static guint
count_kind (CairnTrustReport *report,
            CairnTrustKind    kind)
{
  guint n = 0;

  for (guint i = 0; i < cairn_trust_report_get_n_entries (report); i++)
    n += cairn_trust_report_get_entry (report, i)->kind == kind;
  return n;
}

/* Damaged, huge, deep, a FIFO: each a problem, the folder not clear. */
static void
test_reader_bad_files (void)
{
  g_autofree char *dir = cairn_test_make_dir ("trust-bad");
  g_autofree char *fifo = g_build_filename (dir, ".mcp.json", NULL);
  g_autofree char *local = g_build_filename (dir, ".claude", "settings.local.json", NULL);
  g_autoptr(CairnTrustReport) report = NULL;
  g_autoptr(GString) huge = g_string_new ("{\"env\": {\"A\": \"");
  g_autoptr(GString) deep = g_string_new ("{\"hooks\": ");

  cairn_test_write_file (dir, ".claude/settings.json", "{\"hooks\": {");
  g_string_append_c (g_string_set_size (huge, huge->len + CAIRN_TRUST_MAX_FILE), '"');
  memset (huge->str + 16, 'x', CAIRN_TRUST_MAX_FILE);
  g_string_append (huge, "}}");
  cairn_test_write_file (dir, ".claude/settings.local.json", huge->str);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  report = cairn_trust_folder_read (dir, NULL);
  g_assert_cmpuint (count_kind (report, CAIRN_TRUST_KIND_PROBLEM), ==, 3);
  g_assert_cmpuint (cairn_trust_report_get_n_entries (report), ==, 3);
  g_clear_object (&report);

  for (guint i = 0; i < 100000; i++)
    g_string_append (deep, "[");
  cairn_test_write_file (dir, ".claude/settings.json", deep->str);
  g_unlink (fifo);
  g_unlink (local);
  report = cairn_trust_folder_read (dir, NULL);
  g_assert_cmpuint (cairn_trust_report_get_n_entries (report), ==, 1);
  g_assert_cmpuint (count_kind (report, CAIRN_TRUST_KIND_PROBLEM), ==, 1);
  cairn_test_remove_dir (dir);
}

/* A settings file that links out of the folder says so, and what it holds
 * is listed (the CLI would follow the link). */
static void
test_reader_symlink_out (void)
{
  g_autofree char *dir = cairn_test_make_dir ("trust-link");
  g_autofree char *outside = cairn_test_make_dir ("trust-outside");
  g_autofree char *target = g_build_filename (outside, "s.json", NULL);
  g_autofree char *link = g_build_filename (dir, ".claude", "settings.json", NULL);
  g_autoptr(CairnTrustReport) report = NULL;

  cairn_test_write_file (outside, "s.json", "{\"env\": {\"X\": \"1\"}}");
  cairn_test_write_file (dir, ".claude/keep", "");
  g_assert_cmpint (symlink (target, link), ==, 0);
  report = cairn_trust_folder_read (dir, NULL);
  g_assert_cmpuint (count_kind (report, CAIRN_TRUST_KIND_PROBLEM), ==, 1);
  g_assert_true (strstr (cairn_trust_report_get_entry (report, 0)->detail, "s.json") != NULL);
  g_assert_true (has_entry (report, CAIRN_TRUST_KIND_ENV, "X", "1"));
  cairn_test_remove_dir (dir);
  cairn_test_remove_dir (outside);
}

/* A `.claude` that is a file holds no settings: nothing to ask about. */
static void
test_reader_claude_is_a_file (void)
{
  g_autofree char *dir = cairn_test_make_dir ("trust-file");
  g_autoptr(CairnTrustReport) report = NULL;

  cairn_test_write_file (dir, ".claude", "not a folder");
  g_assert_false (cairn_trust_folder_has_files (dir));
  report = cairn_trust_folder_read (dir, NULL);
  g_assert_cmpuint (cairn_trust_report_get_n_entries (report), ==, 0);
  cairn_test_remove_dir (dir);
}

/* The CLI reads `.mcp.json` in every folder above too, and starts its
 * servers: one above is listed, named by its whole path. */
static void
test_reader_mcp_above (void)
{
  g_autofree char *dir = cairn_test_make_dir ("trust-above");
  g_autofree char *sub = g_build_filename (dir, "a", "b", NULL);
  g_autofree char *above = g_build_filename (dir, ".mcp.json", NULL);
  g_autoptr(CairnTrustReport) report = NULL;
  const CairnTrustEntry *entry;

  g_mkdir_with_parents (sub, 0700);
  g_assert_false (cairn_trust_folder_has_files (sub));
  cairn_test_write_file (dir, ".mcp.json", "{\"mcpServers\": {\"up\": {\"command\": \"serve\"}}}");
  g_assert_true (cairn_trust_folder_has_files (sub));
  report = cairn_trust_folder_read (sub, NULL);
  g_assert_cmpuint (cairn_trust_report_get_n_entries (report), ==, 1);
  entry = cairn_trust_report_get_entry (report, 0);
  g_assert_cmpint (entry->kind, ==, CAIRN_TRUST_KIND_MCP_SERVER);
  g_assert_cmpstr (entry->source, ==, above);
  g_assert_cmpstr (entry->detail, ==, "serve");
  cairn_test_remove_dir (dir);
}

/* The command of a hook run the CLI names "Event:target", from the
 * settings: matchers as the CLI reads them (none or "*": all; names
 * joined by "|": exactly; else a regex on the whole target). */
static void
test_reader_hook_commands (void)
{
  g_autofree char *dir = cairn_test_make_dir ("trust-hooks");
  g_autoptr(CairnTrustReport) report = NULL;
  g_autofree char *session = NULL, *bash = NULL, *write = NULL, *notebook = NULL, *stop = NULL;

  cairn_test_write_file (dir, ".claude/settings.json",
    "{\"hooks\": {\"SessionStart\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"echo start\"}]}],"
    " \"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"check-bash\"}]},"
    "                  {\"matcher\": \"Edit|Write\", \"hooks\": [{\"type\": \"command\", \"command\": \"check-edit\"}]},"
    "                  {\"matcher\": \"Notebook.*\", \"hooks\": [{\"type\": \"command\", \"command\": \"check-nb\"}]},"
    "                  {\"matcher\": \"*\", \"hooks\": [{\"type\": \"command\", \"command\": \"log-all\"}]}]}}");
  report = cairn_trust_folder_read (dir, NULL);
  g_assert_nonnull (report);
  session = cairn_trust_hooks_dup_command (report, "SessionStart:startup");
  bash = cairn_trust_hooks_dup_command (report, "PreToolUse:Bash");
  write = cairn_trust_hooks_dup_command (report, "PreToolUse:Write");
  notebook = cairn_trust_hooks_dup_command (report, "PreToolUse:NotebookEdit");
  stop = cairn_trust_hooks_dup_command (report, "Stop");
  g_assert_cmpstr (session, ==, "echo start");
  g_assert_cmpstr (bash, ==, "check-bash\nlog-all");
  g_assert_cmpstr (write, ==, "check-edit\nlog-all");
  g_assert_cmpstr (notebook, ==, "check-nb\nlog-all");
  g_assert_null (stop);
  g_assert_false (cairn_trust_hooks_matcher_matches ("Bash", "BashOutput"));
  g_assert_false (cairn_trust_hooks_matcher_matches ("Edit|Write", "MultiEdit"));
  g_assert_true (cairn_trust_hooks_matcher_matches ("mcp__.*", "mcp__x__y"));
  g_assert_false (cairn_trust_hooks_matcher_matches ("mcp__.*", "Bash"));
  g_assert_false (cairn_trust_hooks_matcher_matches ("([", "Bash"));   /* not a regex: no match */
  cairn_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/trust/reader/every-kind", test_reader_every_kind);
  g_test_add_func ("/cairn/trust/reader/wrong-types", test_reader_wrong_types);
  g_test_add_func ("/cairn/trust/reader/bad-files", test_reader_bad_files);
  g_test_add_func ("/cairn/trust/reader/symlink-out", test_reader_symlink_out);
  g_test_add_func ("/cairn/trust/reader/claude-is-a-file", test_reader_claude_is_a_file);
  g_test_add_func ("/cairn/trust/reader/mcp-above", test_reader_mcp_above);
  g_test_add_func ("/cairn/trust/reader/hook-commands", test_reader_hook_commands);
  return g_test_run ();
}
