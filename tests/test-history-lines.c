/* test-history-lines.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-test-harness.h"
#include "history/cairn-history-branches.h"
#include "history/cairn-history-lines.h"
#include "history/cairn-history-scan.h"

/* Which lines of a session file a conversation shows: the scanner that
 * reads each line's keys, the versions of an edited prompt and the branch
 * that ends at the newest prompt or the one a last-prompt line names. */

/* The scanner reads top-level keys only, through strings with escaped
 * quotes and nested objects, and says when a line is damaged. */
static void
test_scan_line (void)
{
  const char *line = "{\"message\":{\"id\":\"msg_1\",\"content\":[{\"text\":\"a \\\"uuid\\\":\\\"x\\\" {\"}],"
                     "\"nested\":{\"uuid\":\"inner\"}},\"type\":\"assistant\",\"uuid\":\"u1\","
                     "\"parentUuid\":null,\"logicalParentUuid\":\"u0\",\"isSidechain\":true }";
  g_autofree char *deep = g_strnfill (100000, '[');
  g_autofree char *deep_line = g_strdup_printf ("{\"type\":\"user\",\"x\":%s", deep);
  CairnLineFacts facts;

  g_assert_true (cairn_history_scan_line (line, strlen (line), &facts));
  g_assert_cmpint (facts.type_length, ==, 9);
  g_assert_true (strncmp (line + facts.type_start, "assistant", 9) == 0);
  g_assert_true (strncmp (line + facts.uuid_start, "u1", facts.uuid_length) == 0 && facts.uuid_length == 2);
  g_assert_true (strncmp (line + facts.parent_start, "u0", facts.parent_length) == 0);
  g_assert_true (strncmp (line + facts.message_id_start, "msg_1", facts.message_id_length) == 0);
  g_assert_true (facts.is_sidechain);

  g_assert_false (cairn_history_scan_line ("{\"type\":\"user\",\"message\":{\"con", 31, &facts));
  g_assert_false (cairn_history_scan_line ("not json", 8, &facts));
  g_assert_false (cairn_history_scan_line ("", 0, &facts));
  g_assert_false (cairn_history_scan_line ("{\"a\":1} trailing", 17, &facts));
  /* 100,000 levels deep: no recursion, just a walk, and a clear "no" */
  g_assert_false (cairn_history_scan_line (deep_line, strlen (deep_line), &facts));
}

#define LINE(type, uuid, parent, extra) \
  "{\"type\":\"" type "\",\"uuid\":\"" uuid "\",\"parentUuid\":" parent extra "}"

static CairnHistoryLines *
lines_of (const char * const *lines)
{
  CairnHistoryLines *index = cairn_history_lines_new ();
  gint64 offset = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      cairn_history_lines_add (index, offset, lines[i], strlen (lines[i]));
      offset += strlen (lines[i]) + 1;
    }
  return index;
}

static char *
uuids_of (CairnHistoryLines *index,
          GArray            *shown)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < shown->len; i++)
    {
      const CairnHistoryLine *line = cairn_history_lines_get (index, g_array_index (shown, guint, i));
      g_string_append_printf (out, "%s ", line->uuid ? line->uuid : line->kind == CAIRN_LINE_INVALID ? "!" : "-");
    }
  return g_strdup (g_strstrip (out->str));
}

static char *
shown_uuids (const char * const *lines)
{
  g_autoptr(CairnHistoryLines) index = lines_of (lines);
  g_autoptr(GArray) shown = cairn_history_lines_shown (index);

  return uuids_of (index, shown);
}

/* The versions of an edited prompt: siblings in file order, where each
 * one's branch ends, and what each branch shows. */
static void
test_branch_versions (void)
{
  const char *lines[] = {
    LINE ("user", "a", "null", ""), LINE ("assistant", "b", "\"a\"", ""),
    LINE ("user", "c", "\"b\"", ""), LINE ("assistant", "d", "\"c\"", ""),
    /* a meta line and a tool result answering b are not versions */
    LINE ("user", "m", "\"b\"", ",\"isMeta\":true"),
    LINE ("user", "e", "\"b\"", ""), LINE ("assistant", "f", "\"e\"", ""),
    LINE ("user", "g", "\"f\"", ""), LINE ("assistant", "h", "\"g\"", ""),
    LINE ("user", "s", "\"b\"", ",\"isSidechain\":true"), NULL };
  g_autoptr(CairnHistoryLines) index = lines_of (lines);
  g_autoptr(GArray) siblings = cairn_history_branch_siblings (index, "b");
  g_autoptr(GArray) shown = cairn_history_lines_shown (index);
  g_autoptr(GHashTable) positions = cairn_history_branch_positions (index, shown);
  g_autoptr(GArray) old_branch = NULL;
  g_autofree char *old_shown = NULL;
  CairnBranchPosition *position;

  g_assert_cmpuint (siblings->len, ==, 2);
  g_assert_cmpuint (g_array_index (siblings, guint, 0), ==, 2);
  g_assert_cmpuint (g_array_index (siblings, guint, 1), ==, 5);
  g_assert_cmpuint (cairn_history_lines_newest_under (index, 2), ==, 3);
  g_assert_cmpuint (cairn_history_lines_newest_under (index, 5), ==, 8);
  /* the newest branch shows e, the second of two; a and g have none */
  position = g_hash_table_lookup (positions, "e");
  g_assert_nonnull (position);
  g_assert_cmpstr (position->parent, ==, "b");
  g_assert_cmpuint (position->index, ==, 1);
  g_assert_cmpuint (position->count, ==, 2);
  g_assert_null (g_hash_table_lookup (positions, "a"));
  g_assert_null (g_hash_table_lookup (positions, "g"));
  g_assert_null (g_hash_table_lookup (positions, "c"));   /* not shown */
  old_branch = cairn_history_lines_shown_to (index, 3);
  old_shown = uuids_of (index, old_branch);
  g_assert_cmpstr (old_shown, ==, "a b c d");
}

/* The branch a last-prompt line names, and such lines gone wrong: one
 * naming a line not in the file, cut mid-write, with bytes that are not
 * UTF-8, or empty, leaves the branch at the newest line; a later good one
 * wins over an earlier one. */
static void
test_named_branch (void)
{
#define TREE LINE ("user", "a", "null", ""), LINE ("assistant", "b", "\"a\"", ""), \
             LINE ("user", "c", "\"b\"", ""), LINE ("assistant", "d", "\"c\"", ""), \
             LINE ("user", "e", "\"b\"", ""), LINE ("assistant", "f", "\"e\"", "")
#define LEAF(uuid) "{\"type\":\"last-prompt\",\"leafUuid\":\"" uuid "\"}"
  const char *named[] = { TREE, LEAF ("d"), NULL };
  const char *named_then_newer[] = { TREE, LEAF ("d"), LEAF ("f"), NULL };
  const char *named_mid_branch[] = { TREE, LEAF ("c"), NULL };
  const char *missing[] = { TREE, LEAF ("gone"), NULL };
  const char *cut[] = { TREE, "{\"type\":\"last-prompt\",\"leafUuid\":\"d", NULL };
  const char *not_utf8[] = { TREE, LEAF ("\xc3\x28"), NULL };
  const char *empty[] = { TREE, LEAF (""), NULL };
  const struct { const char * const *lines; const char *shown; } cases[] = {
    { named, "a b c d -" },
    { named_then_newer, "a b e f - -" },
    { named_mid_branch, "a b c d -" },   /* and what came after it */
    { missing, "a b e f -" },
    { cut, "a b e f !" },
    { not_utf8, "a b e f -" },
    { empty, "a b e f -" },
  };
#undef TREE
#undef LEAF

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = shown_uuids (cases[i].lines);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
}

/* Which lines a conversation shows: the branch that ends at the newest
 * line, and how that copes with a tree gone wrong. */
static void
test_shown_branch (void)
{
  const char *rewound[] = {
    LINE ("user", "a", "null", ""), LINE ("assistant", "b", "\"a\"", ""),
    LINE ("user", "c", "\"b\"", ""), LINE ("assistant", "d", "\"c\"", ""),
    /* an edited prompt: a branch from b */
    LINE ("user", "e", "\"b\"", ""), LINE ("assistant", "f", "\"e\"", ""),
    "{\"type\":\"custom-title\",\"customTitle\":\"t\"}", NULL };
  const char *missing_parent[] = {
    LINE ("user", "a", "null", ""), LINE ("user", "c", "\"gone\"", ""), LINE ("assistant", "d", "\"c\"", ""), NULL };
  const char *cycle[] = {
    LINE ("user", "a", "\"b\"", ""), LINE ("assistant", "b", "\"a\"", ""), NULL };
  const char *compacted[] = {
    LINE ("user", "a", "null", ""), LINE ("assistant", "b", "\"a\"", ""),
    "{\"type\":\"system\",\"subtype\":\"compact_boundary\",\"uuid\":\"c\",\"parentUuid\":null,\"logicalParentUuid\":\"b\"}",
    LINE ("user", "d", "\"c\"", ""), NULL };
  const char *parallel[] = {
    LINE ("user", "p", "null", ""),
    LINE ("assistant", "t1", "\"p\"", ",\"message\":{\"id\":\"m1\"}"),
    LINE ("assistant", "t2", "\"t1\"", ",\"message\":{\"id\":\"m1\"}"),
    LINE ("user", "r2", "\"t2\"", ",\"sourceToolAssistantUUID\":\"t2\""),
    LINE ("user", "r1", "\"t1\"", ",\"sourceToolAssistantUUID\":\"t1\""),
    LINE ("assistant", "n", "\"r1\"", ",\"message\":{\"id\":\"m2\"}"), NULL };
  /* a Stop hook's summary after each reply: the next prompt hangs from
   * it, and an edited one is its sibling there, not beside the branch */
  const char *stop_hooked[] = {
    LINE ("user", "a", "null", ""), LINE ("assistant", "b", "\"a\"", ""),
    "{\"type\":\"system\",\"subtype\":\"stop_hook_summary\",\"uuid\":\"s\",\"parentUuid\":\"b\"}",
    LINE ("user", "c", "\"s\"", ""), LINE ("assistant", "d", "\"c\"", ""),
    LINE ("user", "e", "\"s\"", ""), LINE ("assistant", "f", "\"e\"", ""), NULL };
  const char *sidechain_only[] = {
    LINE ("user", "s1", "null", ",\"isSidechain\":true"), NULL };
  const char *damaged[] = {
    LINE ("user", "a", "null", ""), "garbage", LINE ("mystery", "b", "\"a\"", ""),
    "{\"type\":\"assistant\",\"uuid\":\"cut", NULL };
  g_autofree char *rewound_shown = shown_uuids (rewound);
  g_autofree char *missing_shown = shown_uuids (missing_parent);
  g_autofree char *cycle_shown = shown_uuids (cycle);
  g_autofree char *compacted_shown = shown_uuids (compacted);
  g_autofree char *parallel_shown = shown_uuids (parallel);
  g_autofree char *sidechain_shown = shown_uuids (sidechain_only);
  g_autofree char *stop_hooked_shown = shown_uuids (stop_hooked);
  g_autofree char *damaged_shown = shown_uuids (damaged);

  g_assert_cmpstr (rewound_shown, ==, "a b e f -");
  g_assert_cmpstr (missing_shown, ==, "c d");
  g_assert_cmpstr (cycle_shown, ==, "a b");
  g_assert_cmpstr (compacted_shown, ==, "a b c d");
  g_assert_cmpstr (parallel_shown, ==, "p t1 t2 r2 r1 n");
  g_assert_cmpstr (sidechain_shown, ==, "");
  g_assert_cmpstr (stop_hooked_shown, ==, "a b s e f");
  g_assert_cmpstr (damaged_shown, ==, "a ! b !");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/history/scan-line", test_scan_line);
  g_test_add_func ("/cairn/history/shown-branch", test_shown_branch);
  g_test_add_func ("/cairn/history/branch-versions", test_branch_versions);
  g_test_add_func ("/cairn/history/named-branch", test_named_branch);

  return g_test_run ();
}
