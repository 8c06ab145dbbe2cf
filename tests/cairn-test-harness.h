/* cairn-test-harness.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "attachments/cairn-attachment-store.h"
#include "history/cairn-conversation-info.h"
#include "session/cairn-session.h"
#include "transcript/cairn-transcript.h"

G_BEGIN_DECLS

/* The project's fake Anthropic Messages API (tests/fake-api.py), started on
 * a free loopback port, with the environment pointing the CLI at it. */
typedef struct
{
  GSubprocess *process;
  int          port;
  char        *dir;
  char        *log_path;
  char        *script;
  char        *project;
} CairnTestFakeApi;

/* A session whose CLI is tests/replay-cli.py, replaying a recording of the
 * real CLI; Cairn launches it exactly as it launches claude. */
typedef struct
{
  CairnSession *session;
  char         *dir;
  char         *args_log;
} CairnTestReplay;

typedef gboolean (*CairnTestCondition) (gpointer data);

/* For the history tests: the conversation the real CLI 2.1.197 wrote in
 * tests/data/history/rows, and a prompt line for files made by hand. */
#define CAIRN_TEST_ROWS_ID "47c0592a-2c45-496d-86b9-83bc29cb1971"
#define CAIRN_TEST_PROMPT(text) "{\"type\":\"user\",\"cwd\":\"/p\",\"timestamp\":\"2026-11-20T10:00:00Z\"," \
                                "\"message\":{\"role\":\"user\",\"content\":\"" text "\"}}\n"

extern const char * const cairn_test_recorded_versions[];

/* For the attachment tests: how long a prepare or a save may take, and the
 * classic 1 × 1 GIF (GdkPixbuf can read GIF but not write it). */
#define CAIRN_TEST_WAIT_MS 30000
extern const guint8 cairn_test_tiny_gif[43];

char             *cairn_test_data_path        (const char         *name);
char             *cairn_test_recording_path   (const char         *version,
                                               const char         *name);
void              cairn_test_add_per_version  (const char         *path,
                                               GTestDataFunc       func);
char             *cairn_test_make_dir         (const char         *prefix);
char             *cairn_test_make_subdir      (const char         *parent,
                                               const char         *name);
int               cairn_test_run_in_dir       (char              **dir,
                                               const char         *prefix);
void              cairn_test_remove_dir       (const char         *dir);
void              cairn_test_sh               (const char         *dir,
                                               const char         *command);
void              cairn_test_write_file       (const char         *dir,
                                               const char         *name,
                                               const char         *text);
void              cairn_test_append_file      (const char         *path,
                                               const char         *text);
GFile            *cairn_test_write_gfile      (const char         *dir,
                                               const char         *name,
                                               const char         *text);
char             *cairn_test_rows_contents    (void);

/* A made history: a fresh config folder holding the CLI's folder for a fresh
 * project folder, and Cairn pointed at it with a CLI that does nothing. */
typedef struct
{
  char *config;   /* CLAUDE_CONFIG_DIR */
  char *project;  /* the project folder as made */
  char *cwd;      /* its real path, as the CLI writes it in lines */
  char *folder;   /* config/projects/<cwd, the CLI's way>: its conversations */
} CairnTestHistory;

void              cairn_test_history_init     (CairnTestHistory   *history,
                                               const char         *prefix);
void              cairn_test_history_clear    (CairnTestHistory   *history);
CairnConversationInfo *cairn_test_read_info   (GFile              *file);
GBytes           *cairn_test_read_bytes       (const char         *path);
GdkPixbuf        *cairn_test_make_pixbuf      (int                 width,
                                               int                 height,
                                               gboolean            noisy);
GBytes           *cairn_test_encode_pixbuf    (GdkPixbuf          *pixbuf,
                                               const char         *type,
                                               const char         *key,
                                               const char         *value);
GBytes           *cairn_test_make_png         (int                 width,
                                               int                 height,
                                               gboolean            noisy);
void              cairn_test_store_result_cb  (GObject            *object,
                                               GAsyncResult       *result,
                                               gpointer            user_data);
gboolean          cairn_test_has_result       (gpointer            data);
CairnAttachment  *cairn_test_prepare_bytes    (CairnAttachmentStore *store,
                                               GBytes             *data,
                                               const char         *name,
                                               GError            **error);
CairnAttachment  *cairn_test_save_attachment  (CairnAttachmentStore *store,
                                               CairnAttachment    *attachment);
gboolean          cairn_test_wait_until       (CairnTestCondition  condition,
                                               gpointer            data,
                                               guint               timeout_ms);
void              cairn_test_run_for          (guint               ms);
const char       *cairn_test_cli_path         (void);
CairnTestFakeApi *cairn_test_fake_api_start   (const char         *script_json);
GPtrArray        *cairn_test_fake_api_bodies  (CairnTestFakeApi   *api);
void              cairn_test_fake_api_free    (CairnTestFakeApi   *api);
gboolean          cairn_test_session_idle     (gpointer            session);
void              cairn_test_send_and_wait    (CairnSession       *session,
                                               const char         *prompt);
void              cairn_test_wait_idle        (CairnSession       *session);
void              cairn_test_replay_start     (CairnTestReplay    *replay,
                                               const char         *version,
                                               const char         *recording);
void              cairn_test_replay_send      (CairnTestReplay    *replay,
                                               const char         *prompt);
void              cairn_test_replay_stop      (CairnTestReplay    *replay);
gboolean          cairn_test_project_has      (CairnTestFakeApi   *api,
                                               const char         *name);
char             *cairn_test_session_file     (CairnTestFakeApi   *api,
                                               const char         *session_id);
gboolean          cairn_test_body_mentions    (JsonNode           *body,
                                               const char         *needle);
gboolean          cairn_test_switch_version    (CairnSession      *session,
                                               CairnTextItem     *prompt,
                                               int                step,
                                               GError           **error);
gboolean          cairn_test_open_conversation (CairnSession      *session,
                                                GFile             *file);
CairnItem        *cairn_test_find_item        (CairnTranscript    *transcript,
                                               CairnItemKind       kind,
                                               guint               nth);
gboolean          cairn_test_transcript_mentions (CairnTranscript *transcript,
                                                  const char      *needle);
void              cairn_test_dump_transcript  (CairnTranscript    *transcript);
void              cairn_test_handle_line      (CairnSession       *session,
                                               const char         *line);
gint64            cairn_test_cpu_time_us      (void);
gint64            cairn_test_thread_cpu_time_us (void);
long              cairn_test_peak_rss_kb      (void);
double            cairn_test_longest_gap_ms   (GArray             *frames);
double            cairn_test_gap_percentile_ms (GArray            *frames,
                                                double             percent);

/* How long each main-loop iteration ran, in wall and in this thread's CPU
 * time (the longest of each, in ms). */
typedef struct
{
  GSource source;
  gint64  woke, woke_cpu;
  double  wall_max, cpu_max;
} CairnTestLoop;

CairnTestLoop    *cairn_test_loop_watch       (void);
void              cairn_test_loop_unwatch     (CairnTestLoop      *loop);

typedef struct _CairnTestChurn CairnTestChurn;
CairnTestChurn   *cairn_test_churn_start      (const char         *folder,
                                               const char         *contents);
guint             cairn_test_churn_stop       (CairnTestChurn     *churn);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnTestFakeApi, cairn_test_fake_api_free)

G_END_DECLS
