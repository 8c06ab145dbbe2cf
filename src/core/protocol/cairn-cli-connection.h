/* cairn-cli-connection.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "protocol/cairn-message.h"

G_BEGIN_DECLS

#define CAIRN_CLI_CONNECTION_ERROR (cairn_cli_connection_error_quark())

typedef enum
{
  CAIRN_CLI_CONNECTION_ERROR_CLOSED,
  CAIRN_CLI_CONNECTION_ERROR_REFUSED,
} CairnCliConnectionError;

/* Lines longer than this are parsed in a worker thread, so a huge tool
 * result doesn't freeze the window while json-glib walks it. */
#define CAIRN_CLI_CONNECTION_THREADED_PARSE_SIZE (256 * 1024)

#define CAIRN_TYPE_CLI_CONNECTION (cairn_cli_connection_get_type())

G_DECLARE_FINAL_TYPE (CairnCliConnection, cairn_cli_connection, CAIRN, CLI_CONNECTION, GObject)

GQuark              cairn_cli_connection_error_quark        (void);
CairnCliConnection *cairn_cli_connection_new                (GSubprocess          *process);
CairnCliConnection *cairn_cli_connection_new_for_streams    (GInputStream         *stdout_stream,
                                                             GOutputStream        *stdin_stream,
                                                             GInputStream         *stderr_stream);
void                cairn_cli_connection_start              (CairnCliConnection   *self);
gboolean            cairn_cli_connection_get_running        (CairnCliConnection   *self);
char               *cairn_cli_connection_dup_stderr_tail    (CairnCliConnection   *self);
void                cairn_cli_connection_send_object        (CairnCliConnection   *self,
                                                             JsonObject           *object);
void                cairn_cli_connection_send_control_async (CairnCliConnection   *self,
                                                             JsonObject           *request,
                                                             GCancellable         *cancellable,
                                                             GAsyncReadyCallback   callback,
                                                             gpointer              user_data);
JsonObject         *cairn_cli_connection_send_control_finish (CairnCliConnection  *self,
                                                              GAsyncResult        *result,
                                                              GError             **error);
void                cairn_cli_connection_respond            (CairnCliConnection   *self,
                                                             const char           *request_id,
                                                             JsonObject           *response);
void                cairn_cli_connection_respond_error      (CairnCliConnection   *self,
                                                             const char           *request_id,
                                                             const char           *message);
void                cairn_cli_connection_terminate          (CairnCliConnection   *self);
const char         *cairn_cli_connection_get_identifier     (CairnCliConnection   *self);
void                cairn_cli_connection_wait_gone_async    (CairnCliConnection   *self,
                                                             GCancellable         *cancellable,
                                                             GAsyncReadyCallback   callback,
                                                             gpointer              user_data);
gboolean            cairn_cli_connection_wait_gone_finish   (CairnCliConnection   *self,
                                                             GAsyncResult         *result,
                                                             GError              **error);
void                cairn_cli_connection_wait_all_gone_async  (GCancellable       *cancellable,
                                                               GAsyncReadyCallback callback,
                                                               gpointer            user_data);
gboolean            cairn_cli_connection_wait_all_gone_finish (GAsyncResult       *result,
                                                               GError            **error);

G_END_DECLS
