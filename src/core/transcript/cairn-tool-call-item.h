/* cairn-tool-call-item.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "transcript/cairn-item.h"
#include "approvals/cairn-permission-request.h"
#include "transcript/cairn-transcript.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_TOOL_CALL_ITEM (cairn_tool_call_item_get_type())

G_DECLARE_FINAL_TYPE (CairnToolCallItem, cairn_tool_call_item, CAIRN, TOOL_CALL_ITEM, CairnItem)

CairnToolCallItem *cairn_tool_call_item_new               (const char        *tool_use_id,
                                                           const char        *name,
                                                           const char        *cwd);
void               cairn_tool_call_item_append_input_json (CairnToolCallItem *self,
                                                           const char        *partial_json);
void               cairn_tool_call_item_set_input         (CairnToolCallItem *self,
                                                           JsonObject        *input);
void               cairn_tool_call_item_set_result        (CairnToolCallItem *self,
                                                           JsonNode          *content,
                                                           gboolean           is_error,
                                                           JsonNode          *structured);
void               cairn_tool_call_item_mark_refused      (CairnToolCallItem *self,
                                                           const char        *reason);
gboolean           cairn_tool_call_item_get_running_on    (CairnToolCallItem *self);
void               cairn_tool_call_item_finish_running_on (CairnToolCallItem *self,
                                                           CairnToolStatus    status,
                                                           const char        *answer,
                                                           const char        *summary);
void               cairn_tool_call_item_mark_not_run      (CairnToolCallItem *self,
                                                           const char        *reason);
void               cairn_tool_call_item_set_progress      (CairnToolCallItem *self,
                                                           const char        *progress);
void               cairn_tool_call_item_set_background    (CairnToolCallItem *self,
                                                           gboolean           background);
const char        *cairn_tool_call_item_get_tool_use_id   (CairnToolCallItem *self);
const char        *cairn_tool_call_item_get_name          (CairnToolCallItem *self);
CairnToolKind      cairn_tool_call_item_get_tool_kind     (CairnToolCallItem *self);
CairnToolStatus    cairn_tool_call_item_get_status        (CairnToolCallItem *self);
const char        *cairn_tool_call_item_get_title         (CairnToolCallItem *self);
const char        *cairn_tool_call_item_get_subtitle      (CairnToolCallItem *self);
const char        *cairn_tool_call_item_get_input_text    (CairnToolCallItem *self);
const char        *cairn_tool_call_item_get_diff          (CairnToolCallItem *self);
const char        *cairn_tool_call_item_get_output        (CairnToolCallItem *self);
const char        *cairn_tool_call_item_get_summary       (CairnToolCallItem *self);
gint64             cairn_tool_call_item_get_duration_ms   (CairnToolCallItem *self);
gboolean           cairn_tool_call_item_get_background    (CairnToolCallItem *self);
JsonObject        *cairn_tool_call_item_get_input         (CairnToolCallItem *self);
CairnTranscript   *cairn_tool_call_item_get_children      (CairnToolCallItem *self);
CairnPermissionRequest *cairn_tool_call_item_get_approval (CairnToolCallItem *self);
void               cairn_tool_call_item_set_approval      (CairnToolCallItem *self,
                                                           CairnPermissionRequest *approval);

const char        *cairn_tool_call_item_get_command       (CairnToolCallItem *self);
const char        *cairn_tool_call_item_get_written_path  (CairnToolCallItem *self);
GListModel        *cairn_tool_call_item_dup_written_todos (CairnToolCallItem *self);

G_END_DECLS
