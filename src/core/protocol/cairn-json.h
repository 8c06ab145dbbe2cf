/* cairn-json.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The deepest nesting a line may have: it is parsed by recursion
 * (cairn-json-parse.c), and freed by recursion in json-glib. */
#define CAIRN_JSON_MAX_DEPTH 512

/* Typed member access that never warns: the CLI's lines are external input,
 * so a missing member or one of the wrong type is simply "not there". */
const char *cairn_json_get_string (JsonObject *object,
                                   const char *member);
JsonObject *cairn_json_get_object (JsonObject *object,
                                   const char *member);
JsonArray  *cairn_json_get_array  (JsonObject *object,
                                   const char *member);
gint64      cairn_json_get_int    (JsonObject *object,
                                   const char *member,
                                   gint64      fallback);
double      cairn_json_get_double (JsonObject *object,
                                   const char *member,
                                   double      fallback);
gboolean    cairn_json_get_bool   (JsonObject *object,
                                   const char *member,
                                   gboolean    fallback);
char       *cairn_json_to_string  (JsonNode   *node,
                                   gboolean    pretty);
char       *cairn_json_object_to_string (JsonObject *object,
                                         gboolean    pretty);

JsonObject *cairn_json_array_get_object (JsonArray *array,
                                         guint      index);
const char *cairn_json_array_get_string (JsonArray *array,
                                         guint      index);
gsize       cairn_json_shorten_strings (char  *line,
                                        gsize  length,
                                        gsize  max_string);

G_END_DECLS
