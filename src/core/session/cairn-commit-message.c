/* cairn-commit-message.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "git/cairn-git.h"
#include "git/cairn-git-diff.h"
#include "protocol/cairn-json.h"
#include "protocol/cairn-json-parse.h"
#include "protocol/cairn-launcher.h"
#include "session/cairn-commit-message.h"

/* A squash commit's message written by Claude: a CLI run of its own, not
 * a turn of the conversation (nothing shows in it, its context isn't
 * spent, and the model's answer can't be taken for a reply). The
 * conversation's model gets the worktree's diff against its base (on
 * stdin, never on the command line) and answers once, with no tools and
 * no MCP servers, and nothing is stored (`--no-session-persistence`, so
 * no conversation appears in history). It runs in a folder of Cairn's
 * own, so the project's hooks, settings and servers don't start for it. */

/* what the model is given of the diff: enough for a message, not a flood */
#define DIFF_LIMIT (48 * 1024)
#define TIMEOUT_S 120

/**
 * cairn_commit_message_prompt:
 *
 * Returns: (transfer full): what the model is asked, with @diff
 */
char *
cairn_commit_message_prompt (const char *title,
                             const char *diff)
{
  return g_strdup_printf ("Write a git commit message for the change below, made in a conversation titled "
                          "\"%s\". The first line says what changed in at most 72 characters, in the "
                          "imperative; then a blank line and a short body saying what and why, wrapped at 72 "
                          "columns. Answer with the message only: no code fences, no preamble.\n\n%s",
                          title ? title : "", diff ? diff : "");
}

/* A fenced answer loses its fences; the text is trimmed. */
static char *
tidy (const char *answer)
{
  g_autofree char *text = g_strstrip (g_strdup (answer));

  if (g_str_has_prefix (text, "```") && g_str_has_suffix (text, "```") && strlen (text) > 6)
    {
      char *body = strchr (text, '\n');
      if (body != NULL)
        {
          text[strlen (text) - 3] = '\0';
          return g_strstrip (g_strdup (body + 1));
        }
    }
  return g_steal_pointer (&text);
}

/**
 * cairn_commit_message_from_output:
 * @stdout_text: the one-off CLI's stream-json lines
 *
 * Returns: (transfer full) (nullable): the answer of its `result` line
 */
char *
cairn_commit_message_from_output (const char  *stdout_text,
                                  GError     **error)
{
  g_auto(GStrv) lines = g_strsplit (stdout_text ? stdout_text : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonObject) line = cairn_json_parse_line (lines[i], strlen (lines[i]));
      const char *answer = line ? cairn_json_get_string (line, "result") : NULL;

      if (line == NULL || g_strcmp0 (cairn_json_get_string (line, "type"), "result") != 0)
        continue;
      if (cairn_json_get_bool (line, "is_error", FALSE) || answer == NULL || *answer == '\0')
        break;
      return tidy (answer);
    }
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Claude gave no commit message"));
  return NULL;
}

typedef struct
{
  char *cli_path;
  char *model;
  char *worktree;
  char *title;
  gint  timed_out;   /* atomic: set on the main thread, read in the task's */
} WriteData;

static void
write_data_free (WriteData *data)
{
  g_free (data->cli_path);
  g_free (data->model);
  g_free (data->worktree);
  g_free (data->title);
  g_free (data);
}

/* The worktree's changes against its base, file by file, to the limit. */
static char *
read_diff (const char    *worktree,
           GCancellable  *cancellable,
           GError       **error)
{
  g_autoptr(CairnGitChanges) changes = cairn_git_changes_read (worktree, cancellable, error);
  g_autoptr(GString) text = NULL;

  if (changes == NULL)
    return NULL;
  text = g_string_new (NULL);
  for (guint i = 0; i < changes->files->len && text->len < DIFF_LIMIT; i++)
    {
      g_autofree char *diff = cairn_git_file_diff (changes->toplevel, changes->base,
                                                   g_ptr_array_index (changes->files, i), cancellable, NULL);
      if (diff != NULL)
        g_string_append_len (text, diff, MIN (strlen (diff), DIFF_LIMIT - text->len));
    }
  if (text->len == 0)
    {
      g_set_error_literal (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_FAILED, _("There are no changes to describe"));
      return NULL;
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The user line the CLI reads in stream-json mode. */
static char *
user_line (const char *prompt)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "user");
  json_builder_set_member_name (builder, "message");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "role");
  json_builder_add_string_value (builder, "user");
  json_builder_set_member_name (builder, "content");
  json_builder_add_string_value (builder, prompt);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  text = cairn_json_to_string (root, FALSE);
  return g_strconcat (text, "\n", NULL);
}

/* Cairn's own folder for one-off runs: no project's settings apply. */
static char *
neutral_folder (void)
{
  char *dir = g_build_filename (g_get_user_cache_dir (), "cairn", "one-off", NULL);

  g_mkdir_with_parents (dir, 0700);
  return dir;
}

static char *
ask (WriteData     *data,
     const char    *prompt,
     GCancellable  *cancellable,
     GError       **error)
{
  g_autofree char *folder = neutral_folder ();
  CairnLaunchOptions options = { 0 };
  g_autoptr(GSubprocess) process = NULL;
  g_autofree char *line = user_line (prompt);
  g_autofree char *out = NULL;

  options.cli_path = data->cli_path;
  options.cwd = folder;
  options.model = data->model;
  options.in_flatpak = cairn_launcher_in_flatpak ();
  options.one_off = TRUE;
  if ((process = cairn_launcher_spawn (&options, error)) == NULL)
    return NULL;
  if (!g_subprocess_communicate_utf8 (process, line, cancellable, &out, NULL, error))
    {
      g_subprocess_force_exit (process);
      return NULL;
    }
  return cairn_commit_message_from_output (out, error);
}

static void
write_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  WriteData *data = task_data;
  GError *error = NULL;
  g_autofree char *diff = read_diff (data->worktree, cancellable, &error);
  g_autofree char *prompt = diff ? cairn_commit_message_prompt (data->title, diff) : NULL;
  char *message = prompt ? ask (data, prompt, cancellable, &error) : NULL;

  if (message == NULL && g_atomic_int_get (&data->timed_out))
    {
      g_clear_error (&error);
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, _("Claude did not answer within %d seconds"),
                   TIMEOUT_S);
    }
  if (message == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, message, g_free);
}

static gboolean
timeout_cb (gpointer user_data)
{
  GTask *task = user_data;
  WriteData *data = g_task_get_task_data (task);

  g_atomic_int_set (&data->timed_out, TRUE);
  g_cancellable_cancel (g_task_get_cancellable (task));
  return G_SOURCE_REMOVE;
}

static void
drop_source (GSource *source)
{
  g_source_destroy (source);
  g_source_unref (source);
}

/**
 * cairn_commit_message_write_async:
 * @model: (nullable): the conversation's model (else the CLI's default)
 * @worktree: the checkout whose changes against its base are described
 *
 * Asks Claude, in a CLI run of its own, for a commit message for the
 * worktree's changes. Ended after two minutes.
 */
void
cairn_commit_message_write_async (const char          *cli_path,
                                  const char          *model,
                                  const char          *worktree,
                                  const char          *title,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GCancellable) bounded = g_cancellable_new ();
  g_autoptr(GTask) task = g_task_new (NULL, bounded, callback, user_data);
  WriteData *data = g_new0 (WriteData, 1);
  GSource *timeout;

  data->cli_path = g_strdup (cli_path);
  data->model = g_strdup (model);
  data->worktree = g_strdup (worktree);
  data->title = g_strdup (title);
  g_task_set_task_data (task, data, (GDestroyNotify)write_data_free);
  g_task_set_source_tag (task, cairn_commit_message_write_async);
  if (cancellable != NULL)
    g_signal_connect_object (cancellable, "cancelled", G_CALLBACK (g_cancellable_cancel), bounded,
                             G_CONNECT_SWAPPED);
  timeout = g_timeout_source_new_seconds (TIMEOUT_S);
  /* the task holds the source, which doesn't hold the task */
  g_source_set_callback (timeout, timeout_cb, task, NULL);
  g_task_set_check_cancellable (task, FALSE);
  g_source_attach (timeout, g_main_context_get_thread_default ());
  g_object_set_data_full (G_OBJECT (task), "timeout", timeout, (GDestroyNotify)drop_source);
  g_task_run_in_thread (task, write_thread);
}

char *
cairn_commit_message_write_finish (GAsyncResult  *result,
                                   GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
