/* cairn-trust-report.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-trust"

#include "config.h"

#include <string.h>

#include "trust/cairn-trust-report.h"

/* A list of what a folder would run, each thing named, in the order the
 * files hold them. Its fingerprint (one hash per thing) is what Cairn
 * remembers of a trusted folder, so that a thing added later shows as new. */
struct _CairnTrustReport
{
  GObject    parent_instance;

  char      *folder;
  GPtrArray *entries;
};

G_DEFINE_FINAL_TYPE (CairnTrustReport, cairn_trust_report, G_TYPE_OBJECT)

static void
entry_free (gpointer data)
{
  CairnTrustEntry *entry = data;

  g_free (entry->source);
  g_free (entry->name);
  g_free (entry->detail);
  g_free (entry);
}

static void
cairn_trust_report_finalize (GObject *object)
{
  CairnTrustReport *self = CAIRN_TRUST_REPORT (object);

  g_clear_pointer (&self->folder, g_free);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  G_OBJECT_CLASS (cairn_trust_report_parent_class)->finalize (object);
}

static void
cairn_trust_report_class_init (CairnTrustReportClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cairn_trust_report_finalize;
}

static void
cairn_trust_report_init (CairnTrustReport *self)
{
  self->entries = g_ptr_array_new_with_free_func (entry_free);
}

CairnTrustReport *
cairn_trust_report_new (const char *folder)
{
  CairnTrustReport *self = g_object_new (CAIRN_TYPE_TRUST_REPORT, NULL);

  self->folder = g_strdup (folder);
  return self;
}

/* The folder's real path: the one the CLI's trust record names. */
const char *
cairn_trust_report_get_folder (CairnTrustReport *self)
{
  g_return_val_if_fail (CAIRN_IS_TRUST_REPORT (self), NULL);
  return self->folder;
}

/* Text from the folder's files is kept as it is, but valid UTF-8 (it is
 * shown), and never NULL. */
static char *
text_copy (const char *text)
{
  if (text == NULL)
    return g_strdup ("");
  return g_utf8_make_valid (text, -1);
}

void
cairn_trust_report_add (CairnTrustReport *self,
                        CairnTrustKind    kind,
                        const char       *source,
                        const char       *name,
                        const char       *detail)
{
  CairnTrustEntry *entry = g_new0 (CairnTrustEntry, 1);

  g_return_if_fail (CAIRN_IS_TRUST_REPORT (self));

  entry->kind = kind;
  entry->source = text_copy (source);
  entry->name = text_copy (name);
  entry->detail = text_copy (detail);
  g_ptr_array_add (self->entries, entry);
}

guint
cairn_trust_report_get_n_entries (CairnTrustReport *self)
{
  g_return_val_if_fail (CAIRN_IS_TRUST_REPORT (self), 0);
  return self->entries->len;
}

const CairnTrustEntry *
cairn_trust_report_get_entry (CairnTrustReport *self,
                              guint             index)
{
  g_return_val_if_fail (CAIRN_IS_TRUST_REPORT (self), NULL);
  g_return_val_if_fail (index < self->entries->len, NULL);
  return g_ptr_array_index (self->entries, index);
}

guint
cairn_trust_report_get_n_new (CairnTrustReport *self)
{
  guint n = 0;

  g_return_val_if_fail (CAIRN_IS_TRUST_REPORT (self), 0);
  for (guint i = 0; i < self->entries->len; i++)
    n += ((CairnTrustEntry *) g_ptr_array_index (self->entries, i))->is_new ? 1 : 0;
  return n;
}

/* One thing's hash: what it is, where, and its exact text, so a changed
 * command is a new thing. */
char *
cairn_trust_entry_dup_key (const CairnTrustEntry *entry)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guchar kind = (guchar) entry->kind;

  g_checksum_update (sum, &kind, 1);
  g_checksum_update (sum, (const guchar *) entry->source, strlen (entry->source) + 1);
  g_checksum_update (sum, (const guchar *) entry->name, strlen (entry->name) + 1);
  g_checksum_update (sum, (const guchar *) entry->detail, strlen (entry->detail) + 1);
  return g_strdup (g_checksum_get_string (sum));
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/**
 * cairn_trust_report_dup_fingerprint:
 *
 * Returns: (transfer full): one hash per thing, sorted
 */
char **
cairn_trust_report_dup_fingerprint (CairnTrustReport *self)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();

  g_return_val_if_fail (CAIRN_IS_TRUST_REPORT (self), NULL);
  for (guint i = 0; i < self->entries->len; i++)
    g_ptr_array_add (keys, cairn_trust_entry_dup_key (g_ptr_array_index (self->entries, i)));
  g_ptr_array_sort (keys, compare_keys);
  g_ptr_array_add (keys, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&keys), FALSE);
}

/* Marks each thing whose hash is not in @known (a fingerprint kept when
 * the folder was trusted). */
void
cairn_trust_report_mark_new (CairnTrustReport   *self,
                             const char * const *known)
{
  g_return_if_fail (CAIRN_IS_TRUST_REPORT (self));

  for (guint i = 0; i < self->entries->len; i++)
    {
      CairnTrustEntry *entry = g_ptr_array_index (self->entries, i);
      g_autofree char *key = cairn_trust_entry_dup_key (entry);

      entry->is_new = known == NULL || !g_strv_contains (known, key);
    }
}
