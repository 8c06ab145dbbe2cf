/* cairn-test-harness.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-result-item.h"
#include "cairn-test-harness.h"
#include "session/cairn-session-private.h"
#include "transcript/cairn-text-item.h"

char *
cairn_test_data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", name, NULL);
}

/* tests/data/ holds the recordings of CLI 2.1.197, the first version the
 * suite covered; each newer version's are in tests/data/<version>/, made by
 * tests/record.py with that version pinned. */
const char * const cairn_test_recorded_versions[] = { "2.1.197", "2.1.330", NULL };

char *
cairn_test_recording_path (const char *version,
                           const char *name)
{
  if (g_str_equal (version, cairn_test_recorded_versions[0]))
    return cairn_test_data_path (name);
  return g_test_build_filename (G_TEST_DIST, "data", version, name, NULL);
}

void
cairn_test_add_per_version (const char    *path,
                            GTestDataFunc  func)
{
  for (guint i = 0; cairn_test_recorded_versions[i] != NULL; i++)
    {
      g_autofree char *versioned = g_strdup_printf ("%s/%s", path, cairn_test_recorded_versions[i]);
      g_test_add_data_func (versioned, cairn_test_recorded_versions[i], func);
    }
}

char *
cairn_test_make_dir (const char *prefix)
{
  g_autofree char *template = g_strdup_printf ("cairn-%s-XXXXXX", prefix);
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp (template, &error);

  g_assert_no_error (error);
  return dir;
}

/* Writes @text to @name under @dir, making the folders on the way. */
void
cairn_test_write_file (const char *dir,
                       const char *name,
                       const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *parent = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* @text added at the end of @path, as a CLI appends to a session file */
void
cairn_test_append_file (const char *path,
                        const char *text)
{
  FILE *file = fopen (path, "a");

  g_assert_nonnull (file);
  fputs (text, file);
  g_assert_cmpint (fclose (file), ==, 0);
}

GFile *
cairn_test_write_gfile (const char *dir,
                        const char *name,
                        const char *text)
{
  cairn_test_write_file (dir, name, text);
  return g_file_new_build_filename (dir, name, NULL);
}

char *
cairn_test_rows_contents (void)
{
  g_autofree char *path = cairn_test_data_path ("history/rows/" CAIRN_TEST_ROWS_ID ".jsonl");
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

CairnConversationInfo *
cairn_test_read_info (GFile *file)
{
  g_autoptr(GError) error = NULL;
  CairnConversationInfo *info = cairn_conversation_info_read (file, NULL, &error);

  g_assert_no_error (error);
  return info;
}

/* Tests clean up after themselves: no cairn-* folders pile up in /tmp. */
void
cairn_test_remove_dir (const char *dir)
{
  const char *argv[] = { "/bin/rm", "-rf", "--", dir, NULL };

  g_assert_true (g_str_has_prefix (dir, g_get_tmp_dir ()));
  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, NULL, NULL);
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @condition holds or @timeout_ms pass. */
gboolean
cairn_test_wait_until (CairnTestCondition condition,
                       gpointer           data,
                       guint              timeout_ms)
{
  gboolean timed_out = FALSE;
  gboolean met;
  guint id = g_timeout_add (timeout_ms, timeout_cb, &timed_out);

  /* @condition is asked once more after the time is up, never twice once
   * it holds: it may take what it found */
  while (!(met = condition (data)) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  return met;
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

void
cairn_test_run_for (guint ms)
{
  cairn_test_wait_until (never, NULL, ms);
}

/* The pinned CLI that tests/install-cli.sh installs (CAIRN_TEST_CLI). */
const char *
cairn_test_cli_path (void)
{
  const char *path = g_getenv ("CAIRN_TEST_CLI");

  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
    g_error ("The pinned Claude Code CLI is missing (%s); run tests/install-cli.sh",
             path ? path : "CAIRN_TEST_CLI not set");
  return path;
}

static void
point_cli_at (CairnTestFakeApi *api)
{
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%d", api->port);
  g_autofree char *home = g_build_filename (api->dir, "home", NULL);
  g_autofree char *config = g_build_filename (home, ".claude", NULL);

  g_mkdir_with_parents (config, 0700);
  g_setenv ("ANTHROPIC_BASE_URL", url, TRUE);
  g_setenv ("ANTHROPIC_API_KEY", "sk-test", TRUE);
  g_setenv ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1", TRUE);
  g_setenv ("DISABLE_AUTOUPDATER", "1", TRUE);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("CLAUDE_CONFIG_DIR", config, TRUE);
}

static int
read_port (GSubprocess *process)
{
  g_autoptr(GDataInputStream) lines =
    g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
  g_autoptr(GError) error = NULL;
  g_autofree char *line = g_data_input_stream_read_line (lines, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, "PORT "));
  return atoi (line + 5);
}

/**
 * cairn_test_fake_api_start:
 * @script_json: the reply script (see tests/fake-api.py)
 *
 * Also makes a fresh project folder (outside any git repository; its path
 * replaces @PROJECT@ in the script) and a throwaway HOME, and points the
 * CLI at the fake through the environment.
 */
CairnTestFakeApi *
cairn_test_fake_api_start (const char *script_json)
{
  CairnTestFakeApi *api = g_new0 (CairnTestFakeApi, 1);
  g_autoptr(GString) script = g_string_new (script_json);
  g_autofree char *fake = g_test_build_filename (G_TEST_DIST, "fake-api.py", NULL);
  g_autoptr(GError) error = NULL;

  api->dir = cairn_test_make_dir ("api");
  api->project = g_build_filename (api->dir, "project", NULL);
  api->log_path = g_build_filename (api->dir, "requests.jsonl", NULL);
  api->script = g_build_filename (api->dir, "script.json", NULL);
  g_mkdir_with_parents (api->project, 0700);
  g_string_replace (script, "@PROJECT@", api->project, 0);
  g_file_set_contents (api->script, script->str, -1, &error);
  g_assert_no_error (error);

  /* stdin stays open as a pipe: the fake exits when this test does. */
  api->process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                   &error, g_getenv ("PYTHON") ?: "python3", fake,
                                   "--script", api->script, "--log", api->log_path,
                                   "--exit-on-stdin-eof", NULL);
  g_assert_no_error (error);
  api->port = read_port (api->process);
  point_cli_at (api);
  return api;
}

/* The JSON bodies of the POST /v1/messages requests the fake received. */
GPtrArray *
cairn_test_fake_api_bodies (CairnTestFakeApi *api)
{
  GPtrArray *bodies = g_ptr_array_new_with_free_func ((GDestroyNotify)json_node_unref);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (api->log_path, &contents, NULL, NULL))
    return bodies;
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonNode) node = json_from_string (lines[i], NULL);
      JsonObject *entry = node && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *path = entry ? json_object_get_string_member_with_default (entry, "path", "") : "";

      if (g_str_has_prefix (path, "/v1/messages") && !strstr (path, "count_tokens"))
        g_ptr_array_add (bodies, json_node_copy (json_object_get_member (entry, "body")));
    }
  return bodies;
}

void
cairn_test_fake_api_free (CairnTestFakeApi *api)
{
  if (api->process != NULL)
    {
      g_subprocess_force_exit (api->process);
      g_subprocess_wait (api->process, NULL, NULL);
    }
  g_clear_object (&api->process);
  cairn_test_remove_dir (api->dir);
  g_free (api->dir);
  g_free (api->log_path);
  g_free (api->script);
  g_free (api->project);
  g_free (api);
}

gboolean
cairn_test_session_idle (gpointer session)
{
  return !cairn_session_get_busy (CAIRN_SESSION (session));
}

/* The @nth (from 0) item of @kind in the transcript, or NULL. */
CairnItem *
cairn_test_find_item (CairnTranscript *transcript,
                      CairnItemKind    kind,
                      guint            nth)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (transcript));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (G_LIST_MODEL (transcript), i);
      if (cairn_item_get_kind (item) == kind && nth-- == 0)
        return item;
    }
  return NULL;
}

static char *
item_text (CairnItem *item)
{
  if (CAIRN_IS_TEXT_ITEM (item))
    return g_strdup (cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)));
  if (CAIRN_IS_RESULT_ITEM (item))
    return g_strdup (cairn_result_item_get_message (CAIRN_RESULT_ITEM (item)));
  if (CAIRN_IS_NOTICE_ITEM (item))
    return g_strdup_printf ("%s\n%s", cairn_notice_item_get_title (CAIRN_NOTICE_ITEM (item)),
                            cairn_notice_item_get_body (CAIRN_NOTICE_ITEM (item)) ?: "");
  return g_strdup ("");
}

gboolean
cairn_test_transcript_mentions (CairnTranscript *transcript,
                                const char      *needle)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (transcript));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (G_LIST_MODEL (transcript), i);
      g_autofree char *text = item_text (item);
      if (text != NULL && strstr (text, needle) != NULL)
        return TRUE;
    }
  return FALSE;
}

void
cairn_test_dump_transcript (CairnTranscript *transcript)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (transcript));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (G_LIST_MODEL (transcript), i);
      g_autofree char *text = item_text (item);
      g_test_message ("item %u kind %d: %.200s", i, cairn_item_get_kind (item), text ? text : "");
    }
}

typedef struct
{
  CairnTestFakeApi *api;
  const char       *name;
  char             *path;
} SessionFileWait;

static gboolean
session_file_written (gpointer data)
{
  SessionFileWait *wait = data;
  g_autofree char *projects = g_build_filename (wait->api->dir, "home", ".claude", "projects", NULL);
  g_autoptr(GDir) dir = g_dir_open (projects, 0, NULL);
  const char *folder;

  while (dir != NULL && (folder = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (projects, folder, wait->name, NULL);
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          wait->path = g_steal_pointer (&path);
          return TRUE;
        }
    }
  return FALSE;
}

/**
 * cairn_test_session_file:
 *
 * The session file the CLI writes for @session_id under the fake API's
 * throwaway HOME, once it is there (the CLI writes it when it gets round
 * to it): fails the test after 15 s.
 */
char *
cairn_test_session_file (CairnTestFakeApi *api,
                         const char       *session_id)
{
  g_autofree char *name = g_strdup_printf ("%s.jsonl", session_id);
  SessionFileWait wait = { api, name, NULL };

  if (!cairn_test_wait_until (session_file_written, &wait, 15000))
    g_error ("no session file for %s", session_id);
  return wait.path;
}

typedef struct
{
  gboolean done;
  gboolean ok;
} OpenResult;

static void
conversation_opened_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  OpenResult *open = user_data;

  open->ok = cairn_session_open_conversation_finish (CAIRN_SESSION (source), result, NULL);
  open->done = TRUE;
}

static gboolean
open_done (gpointer data)
{
  return ((OpenResult *)data)->done;
}

/**
 * cairn_test_open_conversation:
 *
 * Opens @file in @session as the window does and waits until it is read.
 * Returns: whether it could be read
 */
gboolean
cairn_test_open_conversation (CairnSession *session,
                              GFile        *file)
{
  OpenResult open = { FALSE, FALSE };

  cairn_session_open_conversation_async (session, file, NULL, conversation_opened_cb, &open);
  g_assert_true (cairn_test_wait_until (open_done, &open, 30000));
  return open.ok;
}

/* Whether a request body the fake API received says @needle. */
gboolean
cairn_test_body_mentions (JsonNode   *body,
                          const char *needle)
{
  g_autofree char *text = json_to_string (body, FALSE);

  return strstr (text, needle) != NULL;
}

typedef struct
{
  gboolean  done;
  GError   *error;
} SwitchResult;

static void
version_switched_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  SwitchResult *switched = user_data;

  cairn_session_switch_branch_finish (CAIRN_SESSION (source), result, &switched->error);
  switched->done = TRUE;
}

static gboolean
switch_done (gpointer data)
{
  return ((SwitchResult *)data)->done;
}

/**
 * cairn_test_switch_version:
 *
 * Goes @step versions from @prompt (the arrows on an edited prompt) and
 * waits until the transcript shows that branch.
 * Returns: whether it could
 */
gboolean
cairn_test_switch_version (CairnSession   *session,
                           CairnTextItem  *prompt,
                           int             step,
                           GError        **error)
{
  SwitchResult switched = { FALSE, NULL };

  cairn_session_switch_branch_async (session, prompt, step, NULL, version_switched_cb, &switched);
  g_assert_true (cairn_test_wait_until (switch_done, &switched, 30000));
  if (switched.error != NULL)
    {
      g_propagate_error (error, switched.error);
      return FALSE;
    }
  return TRUE;
}

/* Waits for @session's turn to end (60 s, then the test fails showing
 * the transcript). */
void
cairn_test_wait_idle (CairnSession *session)
{
  if (!cairn_test_wait_until (cairn_test_session_idle, session, 60000))
    {
      cairn_test_dump_transcript (cairn_session_get_transcript (session));
      g_error ("the turn did not end");
    }
}

/* Sends @prompt and waits for its turn to end. */
void
cairn_test_send_and_wait (CairnSession *session,
                          const char   *prompt)
{
  g_test_message ("sending “%s”", prompt);
  cairn_session_send_prompt (session, prompt);
  cairn_test_wait_idle (session);
}

/* Whether the fake API's project folder holds @name (what a tool made). */
gboolean
cairn_test_project_has (CairnTestFakeApi *api,
                        const char       *name)
{
  g_autofree char *path = g_build_filename (api->project, name, NULL);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* @line as if the session's CLI had printed it, without a process. */
void
cairn_test_handle_line (CairnSession *session,
                        const char   *line)
{
  g_autoptr(CairnMessage) message = cairn_message_new_from_line (line, strlen (line));

  _cairn_session_handle_message (session, message);
}

/* @recording is a path or a name in @version's recordings (NULL: the
 * first recorded version). */
void
cairn_test_replay_start (CairnTestReplay *replay,
                         const char      *version,
                         const char      *recording)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "replay-cli.py", NULL);
  g_autofree char *path = NULL;

  if (version == NULL)
    version = cairn_test_recorded_versions[0];
  path = g_path_is_absolute (recording) ? g_strdup (recording)
                                        : cairn_test_recording_path (version, recording);
  replay->dir = cairn_test_make_dir ("session");
  replay->args_log = g_build_filename (replay->dir, "args.jsonl", NULL);
  g_setenv ("CAIRN_REPLAY_FILE", path, TRUE);
  g_setenv ("CAIRN_REPLAY_ARGS_LOG", replay->args_log, TRUE);
  g_unsetenv ("CAIRN_REPLAY_CRASH_AFTER");
  g_unsetenv ("CAIRN_REPLAY_KILL_AFTER");
  g_unsetenv ("CAIRN_REPLAY_STALL_AFTER");
  g_unsetenv ("CAIRN_REPLAY_STDERR");
  replay->session = cairn_session_new (replay->dir, script);
}

/* Sends @prompt and waits for the turn's end, which a replay reaches in
 * well under the 20 s allowed. */
void
cairn_test_replay_send (CairnTestReplay *replay,
                        const char      *prompt)
{
  cairn_session_send_prompt (replay->session, prompt);
  g_assert_true (cairn_session_get_busy (replay->session));
  if (!cairn_test_wait_until (cairn_test_session_idle, replay->session, 20000))
    {
      cairn_test_dump_transcript (cairn_session_get_transcript (replay->session));
      g_error ("the turn did not end");
    }
}

void
cairn_test_replay_stop (CairnTestReplay *replay)
{
  cairn_session_close (replay->session);
  g_clear_object (&replay->session);
  cairn_test_remove_dir (replay->dir);
  g_clear_pointer (&replay->dir, g_free);
  g_clear_pointer (&replay->args_log, g_free);
}

/* Fixtures of the attachment tests (test-attachments*.c). */

const guint8 cairn_test_tiny_gif[43] = {
  'G', 'I', 'F', '8', '9', 'a', 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00,
  0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x21, 0xf9, 0x04, 0x01, 0x00, 0x00,
  0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
};

/* A folder @name in @parent, for a test that cleans up @parent at the end. */
char *
cairn_test_make_subdir (const char *parent,
                        const char *name)
{
  char *dir = g_build_filename (parent, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return dir;
}

/* g_test_run() with *@dir a fresh folder for the tests' files, removed
 * when they are done. */
int
cairn_test_run_in_dir (char       **dir,
                       const char  *prefix)
{
  int status;

  *dir = cairn_test_make_dir (prefix);
  status = g_test_run ();
  cairn_test_remove_dir (*dir);
  g_clear_pointer (dir, g_free);
  return status;
}

GBytes *
cairn_test_read_bytes (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

/* Noise does not compress: a PNG of it is about 3 bytes a pixel. */
GdkPixbuf *
cairn_test_make_pixbuf (int      width,
                        int      height,
                        gboolean noisy)
{
  GdkPixbuf *pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, width, height);
  int stride = gdk_pixbuf_get_rowstride (pixbuf);
  guint8 *pixels = gdk_pixbuf_get_pixels (pixbuf);
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);

  for (int y = 0; y < height; y++)
    {
      guint8 *row = pixels + (gsize)y * stride;

      for (int x = 0; x < width * 3; x++)
        row[x] = noisy ? g_rand_int (rand) : (x / 3 + y) & 0xff;
    }
  return pixbuf;
}

GBytes *
cairn_test_encode_pixbuf (GdkPixbuf  *pixbuf,
                          const char *type,
                          const char *key,
                          const char *value)
{
  g_autoptr(GError) error = NULL;
  char *buffer = NULL;
  gsize size = 0;

  gdk_pixbuf_save_to_buffer (pixbuf, &buffer, &size, type, &error, key, value, NULL);
  g_assert_no_error (error);
  return g_bytes_new_take (buffer, size);
}

GBytes *
cairn_test_make_png (int      width,
                     int      height,
                     gboolean noisy)
{
  g_autoptr(GdkPixbuf) pixbuf = cairn_test_make_pixbuf (width, height, noisy);

  /* the fixture need not be small, only quick to make */
  return cairn_test_encode_pixbuf (pixbuf, "png", "compression", noisy ? "1" : "6");
}

void
cairn_test_store_result_cb (GObject      *object,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  *(GAsyncResult **)user_data = g_object_ref (result);
}

gboolean
cairn_test_has_result (gpointer data)
{
  return *(GAsyncResult **)data != NULL;
}

CairnAttachment *
cairn_test_prepare_bytes (CairnAttachmentStore  *store,
                          GBytes                *data,
                          const char            *name,
                          GError               **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  cairn_attachment_store_prepare_bytes_async (store, data, name, NULL, cairn_test_store_result_cb, &result);
  g_assert_true (cairn_test_wait_until (cairn_test_has_result, &result, CAIRN_TEST_WAIT_MS));
  return cairn_attachment_store_prepare_bytes_finish (store, result, error);
}

CairnAttachment *
cairn_test_save_attachment (CairnAttachmentStore *store,
                            CairnAttachment      *attachment)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  CairnAttachment *saved;

  cairn_attachment_store_save_async (store, attachment, NULL, cairn_test_store_result_cb, &result);
  g_assert_true (cairn_test_wait_until (cairn_test_has_result, &result, CAIRN_TEST_WAIT_MS));
  saved = cairn_attachment_store_save_finish (store, result, &error);
  g_assert_no_error (error);
  return saved;
}

/**
 * cairn_test_sh:
 *
 * Runs a shell @command in @dir (a git repository being made) and fails
 * the test unless it exits 0.
 */
void
cairn_test_sh (const char *dir,
               const char *command)
{
  const char *argv[] = { "sh", "-c", command, NULL };
  int status = 0;

  g_assert_true (g_spawn_sync (dir, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                               &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/**
 * cairn_test_history_init:
 * @prefix: names the two folders made
 *
 * The CLI keeps a project's conversations under projects/ in a folder named
 * after the project's real path, every character but [A-Za-z0-9] made '-'.
 * Sets CLAUDE_CONFIG_DIR, and CAIRN_CLAUDE to a CLI that does nothing, until
 * cairn_test_history_clear().
 */
void
cairn_test_history_init (CairnTestHistory *history,
                         const char       *prefix)
{
  g_autofree char *config = g_strconcat (prefix, "-config", NULL);
  g_autofree char *project = g_strconcat (prefix, "-project", NULL);
  g_autofree char *folder_name = NULL;

  history->config = cairn_test_make_dir (config);
  history->project = cairn_test_make_dir (project);
  history->cwd = realpath (history->project, NULL);
  folder_name = g_strcanon (g_strdup (history->cwd),
                            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", '-');
  history->folder = g_build_filename (history->config, "projects", folder_name, NULL);
  g_assert_cmpint (g_mkdir_with_parents (history->folder, 0700), ==, 0);
  g_setenv ("CLAUDE_CONFIG_DIR", history->config, TRUE);
  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
}

void
cairn_test_history_clear (CairnTestHistory *history)
{
  g_unsetenv ("CAIRN_CLAUDE");
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (history->config);
  cairn_test_remove_dir (history->project);
  g_free (history->config);
  g_free (history->project);
  g_free (history->folder);
  free (history->cwd);
}
