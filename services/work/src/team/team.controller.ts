import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CreateTeamMemberDto, DEPARTMENTS, UpdateTeamMemberDto, type Department } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { WorkError, WorkErrorCode } from '../work.errors';
import { TeamService } from './team.service';

/** Team Management: admin only (spec part 1 section 6), enforced here and at the gateway. */
@ApiTags('team')
@ApiBearerAuth()
@Controller('team')
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Get()
  @ApiQuery({ name: 'department', required: false, schema: { type: 'string', enum: [...DEPARTMENTS] } })
  list(@Query('department') department?: string) {
    if (department !== undefined && !DEPARTMENTS.includes(department as Department))
      throw new WorkError(WorkErrorCode.InvalidInput, `department must be one of: ${DEPARTMENTS.join(', ')}`);
    return this.team.list(department as Department | undefined);
  }

  @Get('stats')
  stats() {
    return this.team.stats();
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.team.get(id);
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateTeamMemberDto) {
    return this.team.create(actor, dto);
  }

  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdateTeamMemberDto,
    @ExpectedRev('team member') rev?: number,
  ) {
    return this.team.update(actor, id, dto, rev);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<void> {
    await this.team.remove(actor, id);
  }
}
