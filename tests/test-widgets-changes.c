/* test-widgets-changes.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include <adwaita.h>

#include "git/cairn-git-worktree.h"
#include "session/cairn-session-private.h"
#include "trust/cairn-trust-record.h"
#include "window/cairn-changes-pane.h"
#include "cairn-test-harness.h"
#include "cairn-test-ui.h"

/* The Changes pane on repositories the test makes, its session fed lines
 * (no CLI runs): a plain conversation lists only the files it wrote; a
 * worktree one lists all against its base, says when the base moved and
 * offers Merge; a worktree gone and a folder outside git are said. */

typedef struct
{
  GtkWidget        *window;
  CairnChangesPane *pane;
  CairnSession     *session;
} Fixture;

static char *
make_repo (void)
{
  char *dir = cairn_test_make_dir ("changes");
  g_autofree char *real = NULL;

  cairn_test_sh (dir, "git init -q -b main . && echo a > a.txt && echo b > b.txt && git add . && "
                      "git commit -qm init");
  real = realpath (dir, NULL);
  g_assert_true (cairn_trust_record_write (real, NULL));
  return dir;
}

static void
fixture_start (Fixture    *f,
               const char *cwd)
{
  f->window = gtk_window_new ();
  f->pane = g_object_new (CAIRN_TYPE_CHANGES_PANE, NULL);
  f->session = cairn_session_new (cwd, "/nonexistent/claude");
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->pane));
  cairn_test_present (GTK_WINDOW (f->window));
  cairn_changes_pane_set_session (f->pane, f->session);
}

static void
fixture_clear (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->session);
}

static GtkWidget *
child (Fixture    *f,
       const char *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (f->pane), CAIRN_TYPE_CHANGES_PANE, name));
}

static char *
listed (Fixture *f)
{
  GListModel *paths = G_LIST_MODEL (gtk_widget_get_template_child (GTK_WIDGET (f->pane), CAIRN_TYPE_CHANGES_PANE,
                                                                    "paths"));
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (paths); i++)
    {
      g_autoptr(GtkStringObject) name = g_list_model_get_item (paths, i);
      g_string_append_printf (names, "%s%s", i ? " " : "", gtk_string_object_get_string (name));
    }
  return g_string_free (g_steal_pointer (&names), FALSE);
}

typedef struct
{
  Fixture    *f;
  const char *widget;
  const char *text;
} Shows;

static gboolean
shows (gpointer data)
{
  Shows *s = data;

  return cairn_test_label_contains (child (s->f, s->widget), s->text);
}

static void
wait_shows (Fixture    *f,
            const char *widget,
            const char *text)
{
  Shows s = { f, widget, text };

  if (!cairn_test_wait_until (shows, &s, 10000))
    g_error ("%s never said “%s” (it says “%s”)", widget, text,
             gtk_label_get_text (GTK_LABEL (child (f, widget))));
}

static void
test_plain_lists_written (void)
{
  g_autofree char *repo = make_repo ();
  g_autofree char *line = NULL;
  g_autofree char *names = NULL;
  Fixture f = { 0 };

  cairn_test_sh (repo, "echo A > a.txt && echo B > b.txt && echo c > c.txt");
  fixture_start (&f, repo);
  line = g_strdup_printf ("{\"type\":\"assistant\",\"message\":{\"id\":\"m1\",\"type\":\"message\","
                          "\"role\":\"assistant\",\"model\":\"m\",\"content\":[{\"type\":\"tool_use\","
                          "\"id\":\"toolu_1\",\"name\":\"Write\",\"input\":{\"file_path\":\"%s/a.txt\","
                          "\"content\":\"A\\n\"}}],\"stop_reason\":null,\"usage\":{\"input_tokens\":1,"
                          "\"output_tokens\":1}},\"parent_tool_use_id\":null,\"session_id\":\"s1\","
                          "\"uuid\":\"u1\"}", repo);
  cairn_test_handle_line (f.session, line);
  cairn_changes_pane_set_active (f.pane, TRUE);
  wait_shows (&f, "base_label", "files this conversation wrote");
  names = listed (&f);
  g_assert_cmpstr (names, ==, "a.txt");   /* not b.txt, not c.txt: another's */
  g_assert_false (gtk_widget_get_visible (child (&f, "merge_button")));
  fixture_clear (&f);
}

static void
test_worktree_base_and_gone (void)
{
  g_autofree char *repo = make_repo ();
  g_autoptr(CairnGitWorktree) worktree = cairn_git_worktree_create (repo, "pane", NULL, NULL, NULL);
  g_autofree char *names = NULL;
  Fixture f = { 0 };

  g_assert_nonnull (worktree);
  cairn_test_sh (worktree->path, "echo A > a.txt && echo n > new.txt");
  cairn_test_sh (repo, "echo z > z.txt && git add z.txt && git commit -qm moved");
  fixture_start (&f, worktree->path);
  cairn_changes_pane_set_active (f.pane, TRUE);
  wait_shows (&f, "base_label", "against main, which has moved on by 1 commit");
  names = listed (&f);
  g_assert_cmpstr (names, ==, "a.txt new.txt");
  g_assert_true (gtk_widget_get_visible (child (&f, "merge_button")));

  cairn_test_remove_dir (worktree->path);
  cairn_changes_pane_refresh (f.pane);
  wait_shows (&f, "status_label", "stays in history");
  g_assert_false (gtk_widget_get_visible (child (&f, "merge_button")));
  fixture_clear (&f);
}

static char *
tool_use_line (const char *id,
               const char *name,
               const char *input)
{
  return g_strdup_printf ("{\"type\":\"assistant\",\"message\":{\"id\":\"m_%s\",\"type\":\"message\","
                          "\"role\":\"assistant\",\"model\":\"m\",\"content\":[{\"type\":\"tool_use\","
                          "\"id\":\"%s\",\"name\":\"%s\",\"input\":%s}],\"stop_reason\":null},"
                          "\"parent_tool_use_id\":null,\"session_id\":\"s1\"}", id, id, name, input);
}

static char *
tool_result_line (const char *id,
                  gboolean    is_error)
{
  return g_strdup_printf ("{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":"
                          "\"tool_result\",\"tool_use_id\":\"%s\",\"is_error\":%s,\"content\":\"ok\"}]},"
                          "\"parent_tool_use_id\":null,\"session_id\":\"s1\"}", id, is_error ? "true" : "false");
}

static void
feed_call (Fixture    *f,
           const char *id,
           const char *name,
           const char *input,
           gboolean    is_error)
{
  g_autofree char *use = tool_use_line (id, name, input);
  g_autofree char *result = tool_result_line (id, is_error);

  cairn_test_handle_line (f->session, use);
  cairn_test_handle_line (f->session, result);
}

static char *
diff_text (Fixture *f)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (child (f, "diff_view")));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* Outside git the pane lists what the conversation's tool calls changed
 * (not those that failed), with the diff their inputs describe; a Write
 * says "written"; Undo is off and says why. */
static void
test_not_git (void)
{
  g_autofree char *dir = cairn_test_make_dir ("changes-plain");
  g_autofree char *edit = g_strdup_printf ("{\"file_path\":\"%s/notes.md\",\"old_string\":\"old line\","
                                           "\"new_string\":\"new line\"}", dir);
  g_autofree char *write = g_strdup_printf ("{\"file_path\":\"%s/sub/made.txt\",\"content\":\"x\\ny\\n\"}", dir);
  g_autofree char *failed = g_strdup_printf ("{\"file_path\":\"%s/other.md\",\"old_string\":\"a\","
                                             "\"new_string\":\"b\"}", dir);
  g_autofree char *names = NULL;
  g_autofree char *text = NULL;
  const CairnGitChanges *changes;
  const CairnGitFileChange *file;
  Fixture f = { 0 };

  fixture_start (&f, dir);
  feed_call (&f, "toolu_1", "Edit", edit, FALSE);
  feed_call (&f, "toolu_2", "Write", write, FALSE);
  feed_call (&f, "toolu_3", "Edit", failed, TRUE);
  cairn_changes_pane_set_active (f.pane, TRUE);
  wait_shows (&f, "base_label", "tool calls changed");
  names = listed (&f);
  g_assert_cmpstr (names, ==, "notes.md sub/made.txt");
  changes = cairn_changes_pane_get_changes (f.pane);
  g_assert_null (changes->base);
  file = g_ptr_array_index (changes->files, 0);
  g_assert_cmpint (file->added, ==, 1);
  g_assert_cmpint (file->removed, ==, 1);
  g_assert_false (file->written);
  g_assert_true (((CairnGitFileChange *)g_ptr_array_index (changes->files, 1))->written);
  text = diff_text (&f);
  g_assert_nonnull (strstr (text, "-old line\n+new line"));
  g_assert_true (cairn_test_label_contains (child (&f, "status_label"), "Not a git repository"));
  g_assert_false (gtk_widget_get_sensitive (child (&f, "undo_button")));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (child (&f, "undo_button")), "earlier version to put back"));

  g_assert_true (cairn_changes_pane_select_path (f.pane, "sub/made.txt"));
  g_clear_pointer (&text, g_free);
  text = diff_text (&f);
  g_assert_nonnull (strstr (text, "+x\n+y"));
  fixture_clear (&f);
}

typedef struct
{
  Fixture    *f;
  const char *page;
  int         width;
} Layout;

static gboolean
shows_layout (gpointer data)
{
  Layout *l = data;

  return gtk_widget_get_width (GTK_WIDGET (l->f->pane)) == l->width &&
         g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (child (l->f, "diff_stack"))), l->page) == 0;
}

static void
resize_and_wait (Fixture    *f,
                 int         width,
                 const char *page)
{
  Layout l = { f, page, width };

  gtk_window_set_default_size (GTK_WINDOW (f->window), width, 600);
  if (!cairn_test_wait_until (shows_layout, &l, 10000))
    g_error ("at %d px (the pane is %d) the diff is %s, not %s", width, gtk_widget_get_width (GTK_WIDGET (f->pane)),
             gtk_stack_get_visible_child_name (GTK_STACK (child (f, "diff_stack"))), page);
}

static char *
view_text (Fixture    *f,
           const char *name)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (child (f, name)));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static gboolean
shows_a_diff (gpointer f)
{
  g_autofree char *text = view_text (f, "old_view");

  return strstr (text, "@@") != NULL;
}

/* The diff is unified in a narrow pane and side by side in a wide one,
 * each side with its own lines, row for row, scrolled together. */
static void
test_side_by_side (void)
{
  g_autofree char *repo = make_repo ();
  g_autofree char *line = NULL;
  g_autofree char *old_side = NULL;
  g_autofree char *new_side = NULL;
  GtkAdjustment *old_adj, *new_adj;
  Fixture f = { 0 };

  cairn_test_sh (repo, "printf 'one\\ntwo\\nthree\\n' > a.txt && git commit -qam three && "
                       "printf 'one\\nTWO\\nthree\\nfour\\n' > a.txt");
  fixture_start (&f, repo);
  line = g_strdup_printf ("{\"type\":\"assistant\",\"message\":{\"id\":\"m1\",\"type\":\"message\","
                          "\"role\":\"assistant\",\"model\":\"m\",\"content\":[{\"type\":\"tool_use\","
                          "\"id\":\"toolu_1\",\"name\":\"Write\",\"input\":{\"file_path\":\"%s/a.txt\","
                          "\"content\":\"x\"}}],\"stop_reason\":null},\"parent_tool_use_id\":null,"
                          "\"session_id\":\"s1\"}", repo);
  cairn_test_handle_line (f.session, line);
  resize_and_wait (&f, 600, "unified");
  cairn_changes_pane_set_active (f.pane, TRUE);
  wait_shows (&f, "file_label", "a.txt");
  resize_and_wait (&f, 1000, "split");
  /* the diff is read after the file is shown */
  g_assert_true (cairn_test_wait_until (shows_a_diff, &f, 10000));
  old_side = view_text (&f, "old_view");
  new_side = view_text (&f, "new_view");
  g_assert_nonnull (strstr (old_side, "-two\n three\n\n"));
  g_assert_null (strstr (old_side, "+TWO"));
  g_assert_nonnull (strstr (new_side, "+TWO\n three\n+four\n"));
  g_assert_null (strstr (new_side, "-two"));
  /* row for row: the old side has a blank row against "+four" */
  g_assert_cmpint (gtk_text_buffer_get_line_count (gtk_text_view_get_buffer (GTK_TEXT_VIEW (child (&f, "old_view")))), ==,
                   gtk_text_buffer_get_line_count (gtk_text_view_get_buffer (GTK_TEXT_VIEW (child (&f, "new_view")))));
  old_adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (child (&f, "old_view")));
  new_adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (child (&f, "new_view")));
  g_assert_true (old_adj == new_adj);
  resize_and_wait (&f, 600, "unified");
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *config = NULL;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  config = cairn_test_make_dir ("changes-config");
  g_setenv ("CLAUDE_CONFIG_DIR", config, TRUE);
  g_setenv ("GIT_CONFIG_NOSYSTEM", "1", TRUE);
  g_setenv ("GIT_AUTHOR_NAME", "Test", TRUE);
  g_setenv ("GIT_AUTHOR_EMAIL", "test@example.org", TRUE);
  g_setenv ("GIT_COMMITTER_NAME", "Test", TRUE);
  g_setenv ("GIT_COMMITTER_EMAIL", "test@example.org", TRUE);
  g_test_add_func ("/cairn/widgets/changes/plain-lists-written", test_plain_lists_written);
  g_test_add_func ("/cairn/widgets/changes/worktree-base-and-gone", test_worktree_base_and_gone);
  g_test_add_func ("/cairn/widgets/changes/not-git", test_not_git);
  g_test_add_func ("/cairn/widgets/changes/side-by-side", test_side_by_side);
  return g_test_run ();
}
