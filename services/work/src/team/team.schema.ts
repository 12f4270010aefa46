import { DEPARTMENTS, type Department } from '@sixa/contracts';
import type { OutboxEntry } from '@sixa/mongo';
import { Schema, type Types } from 'mongoose';

export interface TeamMemberDoc {
  _id: Types.ObjectId;
  name: string;
  /** Lowercased: what a typed assignee name is matched on. */
  name_lc: string;
  email: string;
  role: string;
  department: Department;
  avatar_url: string | null;
  tasks_assigned: number;
  tasks_completed: number;
  /** Open tasks assigned (pending or in progress): the team's Active Tasks sum these. */
  tasks_open: number;
  project_count: number;
  joined_at: Date;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  rev: number;
  outbox: OutboxEntry[];
  applied_events: string[];
}

export const TeamMemberSchema = new Schema<TeamMemberDoc>(
  {
    name: { type: String, required: true },
    name_lc: { type: String, required: true },
    email: { type: String, required: true, lowercase: true },
    role: { type: String, required: true },
    department: { type: String, enum: DEPARTMENTS, required: true },
    avatar_url: { type: String, default: null },
    tasks_assigned: { type: Number, default: 0 },
    tasks_completed: { type: Number, default: 0 },
    tasks_open: { type: Number, default: 0 },
    project_count: { type: Number, default: 0 },
    joined_at: { type: Date, required: true },
    deleted_at: { type: Date, default: null },
    rev: { type: Number, default: 0 },
    outbox: { type: [{ _id: false, id: String, topic: String, key: String, value: String }], default: [] },
    applied_events: { type: [String], default: [] },
  },
  {
    collection: 'team_members',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
);

// One member per e-mail (the index decides between concurrent adds, on any number of replicas).
TeamMemberSchema.index({ email: 1 }, { unique: true });
TeamMemberSchema.index({ deleted_at: 1, name_lc: 1 });
TeamMemberSchema.index({ deleted_at: 1, department: 1, name_lc: 1 });
