/* cairn-changes-item.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-changes-item"

#include "config.h"

#include "transcript/cairn-changes-item.h"

/* The files a turn left changed and not committed in its git folder
 * (Cairn's Stop hook, cairn-session-hooks.c): git's two-letter status code
 * and the path, relative to the repository's top folder. */
struct _CairnChangesItem
{
  CairnItem  parent_instance;
  char      *toplevel;
  GStrv      codes;
  GStrv      paths;
};

G_DEFINE_FINAL_TYPE (CairnChangesItem, cairn_changes_item, CAIRN_TYPE_ITEM)

static void
cairn_changes_item_finalize (GObject *object)
{
  CairnChangesItem *self = (CairnChangesItem *)object;

  g_free (self->toplevel);
  g_strfreev (self->codes);
  g_strfreev (self->paths);

  G_OBJECT_CLASS (cairn_changes_item_parent_class)->finalize (object);
}

static void
cairn_changes_item_class_init (CairnChangesItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cairn_changes_item_finalize;
}

static void
cairn_changes_item_init (CairnChangesItem *self)
{
}

/**
 * cairn_changes_item_new:
 * @codes: (transfer full): a status code for each of @paths
 * @paths: (transfer full): as long as @codes
 */
CairnChangesItem *
cairn_changes_item_new (const char *toplevel,
                        GStrv       codes,
                        GStrv       paths)
{
  CairnChangesItem *self = g_object_new (CAIRN_TYPE_CHANGES_ITEM, "kind", CAIRN_ITEM_KIND_CHANGES, NULL);

  g_return_val_if_fail (g_strv_length (codes) == g_strv_length (paths), self);
  self->toplevel = g_strdup (toplevel);
  self->codes = codes;
  self->paths = paths;
  return self;
}

const char *
cairn_changes_item_get_toplevel (CairnChangesItem *self)
{
  g_return_val_if_fail (CAIRN_IS_CHANGES_ITEM (self), NULL);
  return self->toplevel;
}

guint
cairn_changes_item_get_n_files (CairnChangesItem *self)
{
  g_return_val_if_fail (CAIRN_IS_CHANGES_ITEM (self), 0);
  return self->paths ? g_strv_length (self->paths) : 0;
}

const char *
cairn_changes_item_get_path (CairnChangesItem *self,
                             guint             i)
{
  g_return_val_if_fail (CAIRN_IS_CHANGES_ITEM (self), NULL);
  g_return_val_if_fail (i < cairn_changes_item_get_n_files (self), NULL);
  return self->paths[i];
}

const char *
cairn_changes_item_get_code (CairnChangesItem *self,
                             guint             i)
{
  g_return_val_if_fail (CAIRN_IS_CHANGES_ITEM (self), NULL);
  g_return_val_if_fail (i < cairn_changes_item_get_n_files (self), NULL);
  return self->codes[i];
}

/* "??": git knows nothing of it; its diff is against an empty file. */
gboolean
cairn_changes_item_is_untracked (CairnChangesItem *self,
                                 guint             i)
{
  return g_strcmp0 (cairn_changes_item_get_code (self, i), "??") == 0;
}
