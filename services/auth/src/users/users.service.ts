import { Injectable } from '@nestjs/common';
import { AuthError, AuthErrorCode } from '../auth.errors';
import { type CreateUserDto, type ToggleStatusResponse, type UpdateUserDto, type User } from '@sixa/contracts';
import type { AuthUser } from '@sixa/auth';
import { PasswordHasher } from '../auth/password-hasher';
import { PasswordPolicy } from './password-policy';
import { UsersRepository } from './users.repository';
import { userCreated, userDeleted, userStatusChanged, userUpdated } from './users.events';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly policy: PasswordPolicy,
  ) {}

  list(): Promise<User[]> {
    return this.users.list();
  }

  async get(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return user;
  }

  async create(actor: string, dto: CreateUserDto): Promise<User> {
    // The demo accounts (actor `system`) have the spec's fixed passwords, whatever the policy says.
    if (actor !== 'system') await this.policy.check(dto.password);
    if (await this.users.emailTaken(dto.email)) {
      throw new AuthError(AuthErrorCode.EmailTaken, `A user with the email ${dto.email.toLowerCase()} already exists`);
    }
    return this.users.create(
      {
        name: dto.name.trim(),
        email: dto.email.toLowerCase(),
        password_hash: await this.hasher.hash(dto.password),
        role: dto.role ?? 'employee',
        is_active: true,
        avatar: dto.avatar ?? null,
      },
      (id, user) => userCreated(actor, { ...user, id }),
    );
  }

  async update(actor: AuthUser, id: string, dto: UpdateUserDto): Promise<User> {
    if (id === actor.id && dto.role !== undefined) {
      throw new AuthError(AuthErrorCode.OwnRoleChange, 'You cannot change your own role');
    }
    const before = await this.get(id);
    const password = dto.password?.trim() ? dto.password : undefined;
    if (password !== undefined) await this.policy.check(password);
    const email = dto.email.toLowerCase();
    if (email !== before.email && (await this.users.emailTaken(email, id))) {
      throw new AuthError(AuthErrorCode.EmailTaken, `A user with the email ${email} already exists`);
    }
    const after: User = {
      ...before,
      name: dto.name.trim(),
      email,
      role: dto.role ?? before.role,
      avatar: dto.avatar ?? before.avatar,
    };
    const event = userUpdated(actor.id, before, after, password !== undefined);
    if (event.data.changed_fields.length === 0) return before;
    const set = {
      name: after.name,
      email: after.email,
      role: after.role,
      avatar: after.avatar,
      ...(password !== undefined ? { password_hash: await this.hasher.hash(password) } : {}),
    };
    const saved = await this.users.update(id, set, [event]);
    if (!saved) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return saved;
  }

  async toggleStatus(actor: AuthUser, id: string): Promise<ToggleStatusResponse> {
    if (id === actor.id)
      throw new AuthError(AuthErrorCode.OwnAccountDeactivation, 'You cannot deactivate your own account');
    const saved = await this.users.toggleActive(id, (after) => [userStatusChanged(actor.id, after)]);
    if (!saved) throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    return { id: saved.id, is_active: saved.is_active };
  }

  async remove(actor: AuthUser, id: string): Promise<void> {
    if (id === actor.id) throw new AuthError(AuthErrorCode.OwnAccountDeletion, 'You cannot delete your own account');
    const user = await this.get(id);
    if (!(await this.users.softDelete(id, userDeleted(actor.id, user)))) {
      throw new AuthError(AuthErrorCode.UserNotFound, 'User not found');
    }
  }
}
