import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CreateTaskDto, UpdateTaskDto } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { sendPage, type Reply } from '@sixa/service';
import { TeamDirectory } from '../team/team.directory';
import { ListTasksQuery } from './tasks.query';
import { TasksService } from './tasks.service';

@ApiTags('tasks')
@ApiBearerAuth()
@Controller('tasks')
export class TasksController {
  constructor(
    private readonly tasks: TasksService,
    private readonly team: TeamDirectory,
  ) {}

  /**
   * The total matching the filters is in X-Total-Count; with a `limit`, X-Next-Cursor (when there is
   * more) is the `after` of the next page. No parameters: every task, newest first (the spec's list).
   */
  @Get()
  async list(@Query() query: ListTasksQuery, @Res({ passthrough: true }) reply: Reply) {
    return sendPage(reply, await this.tasks.list(query));
  }

  @Get('stats')
  stats() {
    return this.tasks.stats();
  }

  /** Suggestions for the assignee field: team members whose name or e-mail contains `q` (any signed-in user). */
  @Get('assignees')
  @ApiQuery({ name: 'q', required: false, description: 'Part of a name or e-mail (the first 100 characters count).' })
  assignees(@Query('q') q?: string) {
    return this.team.suggest(typeof q === 'string' ? q.slice(0, 100) : '');
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.tasks.get(id);
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateTaskDto) {
    return this.tasks.create(actor, dto);
  }

  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdateTaskDto,
    @ExpectedRev('task') rev?: number,
  ) {
    return this.tasks.update(actor, id, dto, { expectedRev: rev });
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<void> {
    await this.tasks.remove(actor, id);
  }
}
