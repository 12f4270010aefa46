import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireLevel, type AuthUser } from '@sixa/auth';
import { CreateUserDto, UpdateUserDto } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@RequireLevel('admin')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  list() {
    return this.users.list();
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateUserDto) {
    return this.users.create(actor.id, dto);
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.users.get(id);
  }

  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdateUserDto,
    @ExpectedRev('user') rev?: number,
  ) {
    return this.users.update(actor, id, dto, rev);
  }

  @Patch(':id/toggle-status')
  toggleStatus(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.users.toggleStatus(actor, id);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    await this.users.remove(actor, id);
  }
}
