/* cairn-test-harness.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

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

typedef gboolean (*CairnTestCondition) (gpointer data);

extern const char * const cairn_test_recorded_versions[];

char             *cairn_test_data_path        (const char         *name);
char             *cairn_test_recording_path   (const char         *version,
                                               const char         *name);
void              cairn_test_add_per_version  (const char         *path,
                                               GTestDataFunc       func);
char             *cairn_test_make_dir         (const char         *prefix);
void              cairn_test_remove_dir       (const char         *dir);
void              cairn_test_write_file       (const char         *dir,
                                               const char         *name,
                                               const char         *text);
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
gint64            cairn_test_cpu_time_us      (void);
long              cairn_test_peak_rss_kb      (void);
double            cairn_test_longest_gap_ms   (GArray             *frames);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnTestFakeApi, cairn_test_fake_api_free)

G_END_DECLS
