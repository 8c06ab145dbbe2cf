/* fuzz-trust.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "protocol/cairn-json-parse.h"
#include "trust/cairn-trust-record.h"
#include "trust/cairn-trust-record-private.h"
#include "trust/cairn-trust-settings.h"

/* The trust readers over hostile bytes (docs/trust.md, "Bad input"). The
 * first byte picks one: a settings file, a .mcp.json, or the CLI's config
 * file. Properties: every entry's text is valid UTF-8; a config file the
 * lookup reads is one the update writes back, and what it writes parses
 * to the same tree with just the one key set (nothing of it lost); a file
 * the update refuses is damaged, never half-written. */

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

#define KEY "/tmp/cairn-fuzz-project"

static void
check_report (CairnTrustReport *report)
{
  for (guint i = 0; i < cairn_trust_report_get_n_entries (report); i++)
    {
      const CairnTrustEntry *entry = cairn_trust_report_get_entry (report, i);

      g_assert_true (g_utf8_validate (entry->source, -1, NULL));
      g_assert_true (g_utf8_validate (entry->name, -1, NULL));
      g_assert_true (g_utf8_validate (entry->detail, -1, NULL));
    }
}

/* What the update must have made of @before: the same tree, the project's
 * flag set. */
static void
expect_flag_set (JsonNode *before)
{
  JsonObject *config = json_node_get_object (before);
  JsonObject *projects;
  JsonNode *project;

  _cairn_trust_record_make_finite (before);
  if (!json_object_has_member (config, "projects"))
    json_object_set_object_member (config, "projects", json_object_new ());
  projects = json_object_get_object_member (config, "projects");
  project = json_object_get_member (projects, KEY);
  if (project != NULL && JSON_NODE_HOLDS_OBJECT (project))
    json_object_set_boolean_member (json_node_get_object (project), "hasTrustDialogAccepted", TRUE);
  else
    json_object_remove_member (projects, KEY);
}

static void
check_config (const char *text,
              gsize       length)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) before = cairn_json_parse_object (text, length, CAIRN_JSON_MAX_DEPTH, NULL, NULL);
  g_autofree char *after = cairn_trust_record_update (text, length, KEY, &error);
  g_autoptr(JsonNode) written = NULL;
  JsonNode *projects;
  gboolean trusted;

  if (after == NULL)
    {
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      projects = before ? json_object_get_member (json_node_get_object (before), "projects") : NULL;
      g_assert_true (before == NULL || (projects != NULL && !JSON_NODE_HOLDS_OBJECT (projects)));
      return;
    }
  g_assert_nonnull (before);
  written = cairn_json_parse_object (after, strlen (after), CAIRN_JSON_MAX_DEPTH + 1, NULL, NULL);
  g_assert_nonnull (written);
  g_assert_true (cairn_trust_record_find (after, strlen (after), KEY, &trusted, NULL));
  g_assert_true (trusted);
  expect_flag_set (before);
  /* a project new to the file gets the CLI's defaults: compare the rest */
  json_object_remove_member (json_object_get_object_member (json_node_get_object (written), "projects"), KEY);
  json_object_remove_member (json_object_get_object_member (json_node_get_object (before), "projects"), KEY);
  g_assert_true (json_node_equal (before, written));
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(CairnTrustReport) report = cairn_trust_report_new (KEY);
  const char *text = (const char *) data + 1;

  if (size < 1)
    return 0;
  switch (data[0] % 3)
    {
    case 0:
      cairn_trust_settings_read (report, ".claude/settings.json", text, size - 1);
      break;
    case 1:
      cairn_trust_mcp_read (report, ".mcp.json", text, size - 1);
      break;
    default:
      check_config (text, size - 1);
      break;
    }
  check_report (report);
  return 0;
}
